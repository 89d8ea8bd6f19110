within Modelica.Electrical.Analog.Interfaces;
connector Pin "Pin of an electrical component"
  SI.Voltage v "Potential at the pin";
  flow SI.Current i "Current flowing into the pin";
end Pin;
