within Modelica.Mechanics.Translational.Examples;
model HangingMass "Mass hanging from a spring-damper under a constant weight force"
  Modelica.Mechanics.Translational.Components.Fixed ceiling(s0 = 1) "Suspension point at 1 m";
  Modelica.Mechanics.Translational.Components.SpringDamper springDamper(c = 100, d = 4, s_rel0 = -0.3) "Suspension, 0.3 m long unstretched (pointing down)";
  Modelica.Mechanics.Translational.Components.Mass mass(m = 1.5, s(start = 0.7, fixed = true), v(start = 0.5, fixed = true)) "Hanging mass, thrown upwards";
  Modelica.Mechanics.Translational.Sources.ConstantForce weight(f_constant = -1.5*9.81) "Weight of the mass";
equation
  connect(ceiling.flange, springDamper.flange_a);
  connect(springDamper.flange_b, mass.flange_b);
  connect(mass.flange_a, weight.flange);
  annotation (experiment(StartTime = 0, StopTime = 2, Interval = 0.004, Tolerance = 1e-6), Documentation(info="<html>
<p>The axis points up; the mass hangs below the suspension point under its weight and
oscillates about <code>s = 1 - 0.3 - m*g/c</code> with the spring-damper's damping.</p>
</html>"));
end HangingMass;
