// The seed's spring-mass-damper SMD assembled from the verbose components (no inheritance) of
// ModelicaByExample.Components.Rotational.VerboseApproach; same physics and same reference
// (tests/ref/smd_ref.c) as Examples.SMD. The verbose Inertia's states are flange_a.phi and its
// protected w; a protected element cannot be modified, so the velocities start at rest through
// initial equations on der(flange_a.phi) (which the Inertia equates with w).
model VerboseSMD "SMD from the verbose rotational components"
  ModelicaByExample.Components.Rotational.Components.Ground ground;
  ModelicaByExample.Components.Rotational.VerboseApproach.Damper damper2(d=1);
  ModelicaByExample.Components.Rotational.VerboseApproach.Spring spring2(c=5);
  ModelicaByExample.Components.Rotational.VerboseApproach.Inertia inertia2(
    J=1, flange_a(phi(fixed=true, start=1)));
  ModelicaByExample.Components.Rotational.VerboseApproach.Damper damper1(d=0.2);
  ModelicaByExample.Components.Rotational.VerboseApproach.Spring spring1(c=11);
  ModelicaByExample.Components.Rotational.VerboseApproach.Inertia inertia1(
    J=0.4, flange_a(phi(fixed=true, start=0)));
initial equation
  der(inertia1.flange_a.phi) = 0;
  der(inertia2.flange_a.phi) = 0;
equation
  connect(ground.flange_a, damper2.flange_b);
  connect(ground.flange_a, spring2.flange_b);
  connect(damper2.flange_a, inertia2.flange_b);
  connect(spring2.flange_a, inertia2.flange_b);
  connect(inertia2.flange_a, damper1.flange_b);
  connect(inertia2.flange_a, spring1.flange_b);
  connect(damper1.flange_a, inertia1.flange_b);
  connect(spring1.flange_a, inertia1.flange_b);
end VerboseSMD;
