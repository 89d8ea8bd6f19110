within Modelica.Electrical;
package Analog "Library for analog electrical models"
end Analog;
