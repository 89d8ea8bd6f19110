within Modelica.Mechanics.Rotational.Sources;
model ConstantSpeed "Constant speed, not dependent on torque"
  parameter SI.AngularVelocity w_fixed "Fixed speed (if negative, torque is acting as load)";
  Modelica.Mechanics.Rotational.Interfaces.Flange_b flange "Flange of shaft";
  parameter StateSelect stateSelect = StateSelect.default "Priority to use phi as state";
  SI.Angle phi(start = 0, fixed = true, stateSelect = stateSelect) "Rotation angle of flange";
  SI.AngularVelocity w "Angular velocity of flange";
equation
  phi = flange.phi;
  w = der(phi);
  w = w_fixed;
  annotation (Documentation(info="<html>
<p>The flange turns at the constant speed <code>w_fixed</code>, starting at
<code>phi.start</code>, whatever torque that takes.</p>
</html>"));
end ConstantSpeed;
