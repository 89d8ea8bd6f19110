within Modelica.Electrical.Analog.Interfaces;
connector NegativePin "Negative pin of an electrical component"
  SI.Voltage v "Potential at the pin";
  flow SI.Current i "Current flowing into the pin";
end NegativePin;
