within Modelica.Mechanics.Rotational;
package Sensors "Sensors to measure variables in 1D rotational mechanical components"
  import SI = Modelica.Units.SI;
  annotation (Documentation(info="<html>
<p>Ideal sensors: the absolute sensors take no torque from the flange; the torque sensor is
a rigid cut between its two flanges.</p>
</html>"));
end Sensors;
