within Modelica.Electrical.Analog;
package Basic "Basic electrical components"
  import SI = Modelica.Units.SI;
  annotation (Documentation(info="<html>
<p>Ground, resistor, capacitor and inductor, with the names and parameters of the Modelica
Standard Library 4 (without the optional heat port and temperature dependence).</p>
</html>"));
end Basic;
