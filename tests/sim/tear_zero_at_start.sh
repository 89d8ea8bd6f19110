#!/usr/bin/env bash
# A torn loop whose only equation for an unknown divides by a coefficient that is 0 at the start time
# (tests/models/ZeroAtStartCoef.mo: g = 0 until t = 0.5, from a ramp computed before the loop, with no
# start value). solve.c's zero_at_start knew only start values and parameters, so the tearing solved
# i = g*v for v and the run stopped at t = 0 with a division by zero; the value of g at the start time,
# computed from the explicit block before the loop (note_start_value), keeps that equation a residual.
# Reference: the loop reduced by hand to w + w^3 = u - g w/(1 + R g), solved by Newton here in awk.
source tests/ref/lib.sh
D=$OUT/tear_zero_at_start; rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/ZeroAtStartCoef.mo -o "$D/z" || { echo "FAIL: mo2c failed"; exit 1; }
simulate "$D" z -noEventEmit -r=res.csv || exit 1
awk -F, 'NR == 1 { for (k = 1; k <= NF; k++) c[$k] = k; next }
    { t = $1; g = t < 0.5 ? 0 : 2 * (t - 0.5); R = 0.5; u = 2; w = 1
      for (it = 0; it < 50; it++) { f = w + w^3 - u + g*w/(1 + R*g); df = 1 + 3*w^2 + g/(1 + R*g); w -= f/df }
      v = w/(1 + R*g); i = g*v
      e = $c["\"w\""] - w; if (e < 0) e = -e; if (e > worst) { worst = e; wt = t }
      e = $c["\"v\""] - v; if (e < 0) e = -e; if (e > worst) { worst = e; wt = t }
      e = $c["\"i\""] - i; if (e < 0) e = -e; if (e > worst) { worst = e; wt = t }
      n++ }
    END { if (n < 100 || worst > 1e-8) { printf "FAIL: %d rows, worst error %g at t = %g\n", n, worst, wt; exit 1 } }' "$D/res.csv"
