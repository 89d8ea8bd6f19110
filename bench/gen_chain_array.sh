#!/usr/bin/env bash
# gen_chain_array.sh N [FILE] - the N-unit chain of bench/gen_chain.sh written with arrays: component
# arrays of the ModelicaByExample rotational components, array modifiers, and connects in a for-loop
# (unit i is a spring and a damper in parallel from inertia i-1, the ground for i = 1, to inertia i).
# The model text does not grow with N. Default FILE: stdout.
set -eu
n=${1:?usage: gen_chain_array.sh N [FILE]}
out=${2:-/dev/stdout}
cat > "$out" <<EOF2
model ChainArray$n "$n inertia-spring-damper units as component arrays"
  import ModelicaByExample.Components.Rotational.Components;
  parameter Integer N = $n;
  Components.Ground ground;
  Components.Spring spring[N](c = {1 + mod(i, 7) for i in 1:N});
  Components.Damper damper[N](d = {0.1 + mod(i, 5) * 0.05 for i in 1:N});
  Components.Inertia inertia[N](J = {1 + mod(i, 3) * 0.5 for i in 1:N},
    phi(each fixed = true, start = {if i == N then 1 else 0 for i in 1:N}), each w(fixed = true, start = 0));
equation
  connect(ground.flange_a, spring[1].flange_a);
  connect(ground.flange_a, damper[1].flange_a);
  for i in 2:N loop
    connect(inertia[i - 1].flange_b, spring[i].flange_a);
    connect(inertia[i - 1].flange_b, damper[i].flange_a);
  end for;
  for i in 1:N loop
    connect(spring[i].flange_b, inertia[i].flange_a);
    connect(damper[i].flange_b, inertia[i].flange_a);
  end for;
end ChainArray$n;
EOF2
