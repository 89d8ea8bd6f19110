within Modelica.Mechanics;
package Translational "1-dim. translational mechanical components"
end Translational;
