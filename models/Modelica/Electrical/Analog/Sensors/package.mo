within Modelica.Electrical.Analog;
package Sensors "Potential, voltage and current sensors"
  import SI = Modelica.Units.SI;
  annotation (Documentation(info="<html>
<p>Ideal sensors: the voltage sensor draws no current; the current sensor has no voltage
drop.</p>
</html>"));
end Sensors;
