within Modelica;
package Electrical "Library of electrical models"
end Electrical;
