within Modelica.Mechanics.Rotational.Examples;
model SpringDamper "Inertia on a spring-damper with a preloaded spring, and a torque sensor"
  Modelica.Mechanics.Rotational.Components.Inertia inertia(J = 1, phi(start = 1, fixed = true), w(start = 0, fixed = true)) "Inertia released at 1 rad";
  Modelica.Mechanics.Rotational.Sensors.TorqueSensor torqueSensor "Torque from the inertia into the spring-damper";
  Modelica.Mechanics.Rotational.Components.SpringDamper springDamper(c = 10, d = 0.5, phi_rel0 = 0.2) "Spring and damper in parallel, unstretched at 0.2 rad";
  Modelica.Mechanics.Rotational.Components.Fixed fixed(phi0 = 0.1) "Housing at 0.1 rad";
equation
  connect(inertia.flange_b, torqueSensor.flange_a);
  connect(torqueSensor.flange_b, springDamper.flange_a);
  connect(springDamper.flange_b, fixed.flange);
  annotation (experiment(StartTime = 0, StopTime = 4, Interval = 0.004, Tolerance = 1e-6), Documentation(info="<html>
<p>An inertia oscillates on a spring-damper (seeds 002/003: <code>tau_c = c*(phi_rel - phi_rel0)</code>,
<code>tau_d = d*w_rel</code>) fixed to a housing at <code>phi0 = 0.1</code>; with the unstretched angle
<code>phi_rel0 = 0.2</code> it settles at <code>phi = phi0 - phi_rel0 = -0.1</code> rad.</p>
</html>"));
end SpringDamper;
