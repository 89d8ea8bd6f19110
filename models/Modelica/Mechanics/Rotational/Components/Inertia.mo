within Modelica.Mechanics.Rotational.Components;
model Inertia "1D-rotational component with inertia"
  Modelica.Mechanics.Rotational.Interfaces.Flange_a flange_a "Left flange of shaft";
  Modelica.Mechanics.Rotational.Interfaces.Flange_b flange_b "Right flange of shaft";
  parameter SI.Inertia J(min = 0, start = 1) "Moment of inertia";
  parameter StateSelect stateSelect = StateSelect.default "Priority to use phi and w as states";
  SI.Angle phi(stateSelect = stateSelect) "Absolute rotation angle of component";
  SI.AngularVelocity w(stateSelect = stateSelect) "Absolute angular velocity of component (= der(phi))";
  SI.AngularAcceleration a "Absolute angular acceleration of component (= der(w))";
equation
  phi = flange_a.phi;
  phi = flange_b.phi;
  w = der(phi);
  a = der(w);
  J*a = flange_a.tau + flange_b.tau;
  annotation (Documentation(info="<html>
<p>Rotational component with inertia <code>J</code>, rigidly attached to both flanges:
<code>J*a = flange_a.tau + flange_b.tau</code>, with <code>w = der(phi)</code> and
<code>a = der(w)</code>. Give <code>phi</code> and <code>w</code> start values (with
<code>fixed = true</code>) to set the initial state.</p>
</html>"));
end Inertia;
