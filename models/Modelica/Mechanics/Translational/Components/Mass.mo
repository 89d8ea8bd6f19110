within Modelica.Mechanics.Translational.Components;
model Mass "Sliding mass with inertia"
  Modelica.Mechanics.Translational.Interfaces.Flange_a flange_a "Left flange of translational component";
  Modelica.Mechanics.Translational.Interfaces.Flange_b flange_b "Right flange of translational component";
  parameter SI.Mass m(min = 0, start = 1) "Mass of the sliding mass";
  parameter SI.Length L = 0 "Length of component, from left flange to right flange (= flange_b.s - flange_a.s)";
  parameter StateSelect stateSelect = StateSelect.default "Priority to use s and v as states";
  SI.Position s(stateSelect = stateSelect) "Absolute position of center of component (s = flange_a.s + L/2 = flange_b.s - L/2)";
  SI.Velocity v(stateSelect = stateSelect) "Absolute velocity of component";
  SI.Acceleration a "Absolute acceleration of component";
equation
  flange_a.s = s - L/2;
  flange_b.s = s + L/2;
  v = der(s);
  a = der(v);
  m*a = flange_a.f + flange_b.f;
  annotation (Documentation(info="<html>
<p>Sliding mass <code>m</code> of length <code>L</code>: its center is at <code>s</code>,
its flanges at <code>s -/+ L/2</code>, and <code>m*a = flange_a.f + flange_b.f</code> with
<code>v = der(s)</code>, <code>a = der(v)</code>.</p>
</html>"));
end Mass;
