#!/usr/bin/env bash
# gen_stiff_chain.sh N [FILE] - write a stiff chain of N masses (2N states): mass i is joined to mass i-1
# by a spring and a damper, the first one to an end moving as sin(time). The dampers dominate
# (d = 10 against a critical damping of 2 sqrt(c m) = 2), so the chain's fastest modes decay at a rate of
# about 4 d / m = 4e4 per second while the motion follows the slow drive: an explicit method needs steps
# of 1e-5 s, BDF takes steps as long as the drive allows. Plain Modelica with arrays and for-equations
# (no library). Default FILE: stdout.
set -eu
n=${1:?usage: gen_stiff_chain.sh N [FILE]}
out=${2:-/dev/stdout}
cat > "$out" <<EOF2
model StiffChain$n "$n masses joined by stiff spring-damper pairs, driven at one end"
  parameter Integer N = $n;
  parameter Real m = 1e-3 "mass of each body";
  parameter Real c = 1e3 "spring constant";
  parameter Real d = 10 "damping constant";
  parameter Real w(unit = "rad/s") = 1 "angular frequency of the drive";
  Real x[N](each start = 0, each fixed = true) "positions";
  Real v[N](each start = 0, each fixed = true) "velocities";
  Real f[N + 1] "f[i]: force of the pair between body i-1 (the drive for i = 1) and body i";
equation
  f[1] = c*(sin(w*time) - x[1]) + d*(w*cos(w*time) - v[1]);
  for i in 2:N loop
    f[i] = c*(x[i - 1] - x[i]) + d*(v[i - 1] - v[i]);
  end for;
  f[N + 1] = 0;
  for i in 1:N loop
    der(x[i]) = v[i];
    m*der(v[i]) = f[i] - f[i + 1];
  end for;
  annotation(experiment(StopTime = 1, Interval = 0.01));
end StiffChain$n;
EOF2
