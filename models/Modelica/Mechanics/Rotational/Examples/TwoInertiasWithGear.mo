within Modelica.Mechanics.Rotational.Examples;
model TwoInertiasWithGear "Step torque driving two inertias coupled by an ideal gear, against a spring-damper"
  Modelica.Blocks.Sources.Step step(height = 10, startTime = 0.5) "Torque signal, 10 N.m from 0.5 s";
  Modelica.Mechanics.Rotational.Sources.Torque torque "Drives the motor inertia";
  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J = 0.1) "Motor inertia";
  Modelica.Mechanics.Rotational.Components.IdealGear idealGear(ratio = 3) "Reduction gear 3:1";
  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J = 2, phi(start = 0, fixed = true), w(start = 0, fixed = true)) "Load inertia";
  Modelica.Mechanics.Rotational.Components.SpringDamper springDamper(c = 50, d = 2) "Compliant load";
  Modelica.Mechanics.Rotational.Components.Fixed fixed "Housing";
equation
  connect(step.y, torque.tau);
  connect(torque.flange, inertia1.flange_a);
  connect(inertia1.flange_b, idealGear.flange_a);
  connect(idealGear.flange_b, inertia2.flange_a);
  connect(inertia2.flange_b, springDamper.flange_a);
  connect(springDamper.flange_b, fixed.flange);
  annotation (experiment(StartTime = 0, StopTime = 2, Interval = 0.004, Tolerance = 1e-6), Documentation(info="<html>
<p>The gear ties the two inertias (<code>inertia1.phi = 3*inertia2.phi</code>), so only one
of them has states: the load sees the inertia <code>J2 + ratio^2*J1</code>. The torque steps
to 10 N.m at 0.5 s and the load settles at <code>ratio*10/c = 0.6</code> rad.</p>
</html>"));
end TwoInertiasWithGear;
