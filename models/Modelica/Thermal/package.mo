within Modelica;
package Thermal "Library of thermal system components"
end Thermal;
