model ChainArray "N inertia-spring-damper units as component arrays, connected in a for-loop"
  import ModelicaByExample.Components.Rotational.Components;
  parameter Integer N = 5;
  Components.Ground ground;
  Components.Inertia inertia[N](J = {1 + 0.5 * mod(i, 3) for i in 1:N},
    phi(each fixed = true, start = {if i == N then 1 else 0 for i in 1:N}), each w(fixed = true, start = 0));
  Components.Spring spring[N](c = {1 + i for i in 1:N});
  Components.Damper damper[N](d = linspace(0.15, 0.35, N));
equation
  connect(ground.flange_a, spring[1].flange_a);
  connect(ground.flange_a, damper[1].flange_a);
  for i in 1:N - 1 loop
    connect(inertia[i].flange_b, spring[i + 1].flange_a);
    connect(inertia[i].flange_b, damper[i + 1].flange_a);
  end for;
  connect(spring.flange_b, inertia.flange_a);
  connect(damper[:].flange_b, inertia[1:N].flange_a);
  annotation(experiment(StopTime = 5));
end ChainArray;
