within Modelica.Mechanics.Rotational.Examples;
model SMD "Spring-mass-damper system of Modelica by Example, built from the library's components"
  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J = 0.4, phi(start = 0, fixed = true), w(start = 0, fixed = true)) "First inertia, at rest at 0";
  Modelica.Mechanics.Rotational.Components.Spring spring1(c = 11) "Spring between the inertias";
  Modelica.Mechanics.Rotational.Components.Damper damper1(d = 0.2) "Damper between the inertias";
  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J = 1, phi(start = 1, fixed = true), w(start = 0, fixed = true)) "Second inertia, released at 1 rad";
  Modelica.Mechanics.Rotational.Components.Spring spring2(c = 5) "Spring to the housing";
  Modelica.Mechanics.Rotational.Components.Damper damper2(d = 1) "Damper to the housing";
  Modelica.Mechanics.Rotational.Components.Fixed fixed "Housing";
equation
  connect(inertia1.flange_b, spring1.flange_a);
  connect(inertia1.flange_b, damper1.flange_a);
  connect(spring1.flange_b, inertia2.flange_a);
  connect(damper1.flange_b, inertia2.flange_a);
  connect(inertia2.flange_b, spring2.flange_a);
  connect(inertia2.flange_b, damper2.flange_a);
  connect(spring2.flange_b, fixed.flange);
  connect(damper2.flange_b, fixed.flange);
  annotation (experiment(StartTime = 0, StopTime = 5, Interval = 0.005, Tolerance = 1e-6), Documentation(info="<html>
<p>The system of ModelicaByExample.Components.Rotational.Examples.SMD (same parameters and
start values) with the Modelica library's Inertia, Spring, Damper and Fixed: the second
inertia is released at 1 rad and pulls the first one along until both come to rest at 0.</p>
</html>"));
end SMD;
