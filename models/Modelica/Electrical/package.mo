within Modelica;
package Electrical "Library of electrical models (interfaces only)"
end Electrical;
