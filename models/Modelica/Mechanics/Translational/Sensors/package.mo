within Modelica.Mechanics.Translational;
package Sensors "Sensors for 1-dim. translational mechanical quantities"
  import SI = Modelica.Units.SI;
  annotation (Documentation(info="<html>
<p>Ideal sensors: the absolute sensors take no force from the flange; the force sensor is a
rigid cut between its two flanges.</p>
</html>"));
end Sensors;
