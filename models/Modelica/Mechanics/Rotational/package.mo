within Modelica.Mechanics;
package Rotational "1-dim. rotational mechanical components"
end Rotational;
