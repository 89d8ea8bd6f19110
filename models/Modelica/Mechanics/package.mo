within Modelica;
package Mechanics "Library of 1-dim. mechanical components"
end Mechanics;
