within Modelica.Mechanics.Rotational.Components;
model Fixed "Flange fixed in housing at a given angle"
  parameter SI.Angle phi0 = 0 "Fixed offset angle of housing";
  Modelica.Mechanics.Rotational.Interfaces.Flange_b flange "Flange fixed in housing at a given angle";
equation
  flange.phi = phi0;
  annotation (Documentation(info="<html>
<p>The flange is fixed at the constant angle <code>phi0</code>; it takes whatever reaction
torque holds it there. With <code>phi0 = 0</code> it is the rotational ground.</p>
</html>"));
end Fixed;
