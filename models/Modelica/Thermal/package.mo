within Modelica;
package Thermal "Library of thermal system components (interfaces only)"
end Thermal;
