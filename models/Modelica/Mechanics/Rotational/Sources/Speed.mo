within Modelica.Mechanics.Rotational.Sources;
model Speed "Forced movement of a flange according to a reference angular velocity signal"
  Modelica.Blocks.Interfaces.RealInput w_ref(unit = "rad/s") "Reference angular velocity of flange as input signal";
  Modelica.Mechanics.Rotational.Interfaces.Flange_b flange "Flange of shaft";
  parameter StateSelect stateSelect = StateSelect.default "Priority to use phi as state";
  SI.Angle phi(start = 0, fixed = true, stateSelect = stateSelect) "Rotation angle of flange";
  SI.AngularVelocity w "Angular velocity of flange";
equation
  phi = flange.phi;
  w = der(phi);
  w = w_ref;
  annotation (Documentation(info="<html>
<p>The flange turns exactly with the reference speed <code>w_ref</code> (MSL's
<code>exact = true</code>): <code>der(phi) = w_ref</code>, with <code>phi</code> a state
starting at <code>phi.start</code>. An inertia driven by this source needs
<code>der(w_ref)</code>, so its input must be differentiable.</p>
</html>"));
end Speed;
