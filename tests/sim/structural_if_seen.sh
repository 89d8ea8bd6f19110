#!/usr/bin/env bash
# Two if-expressions holding der() whose condition reads the same state (dae.c structural_if/param_cond):
# neither is a parameter condition, so both keep their if. When one workspace of the parameter scan kept
# its marks (b081d2a), the second found no variable in its condition, took it for a parameter expression
# and kept the branch its start value chose for the whole run (z2 = 2*der(x) after x < 0: a silent wrong
# answer). x = 1 - t crosses 0 at t = 1: z1 = -1, z2 = -2 before, both 0 after (closed forms).
source tests/ref/lib.sh
D=$OUT/structural_if_seen; rm -rf "$D"; mkdir -p "$D"
cat > "$D/TwoIfs.mo" <<'MO'
model TwoIfs
  Real x(start = 1, fixed = true);
  Real z1, z2;
equation
  der(x) = -1;
  z1 = if x > 0 then der(x) else 0;
  z2 = if x > 0 then 2 * der(x) else 0;
end TwoIfs;
MO
(cd "$D" && "$MO2C" TwoIfs.mo -o TwoIfs) || exit 1
simulate "$D" TwoIfs -override=stopTime=2 -r=res.csv || exit 1
status=0
closed_form "$D/res.csv" z1 '(t - 1 < 1e-6 && 1 - t < 1e-6) ? $c : (t < 1 ? -1 : 0)' 1e-9 || status=1
closed_form "$D/res.csv" z2 '(t - 1 < 1e-6 && 1 - t < 1e-6) ? $c : (t < 1 ? -2 : 0)' 1e-9 || status=1
exit $status
