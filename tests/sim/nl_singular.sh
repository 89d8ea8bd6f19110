#!/usr/bin/env bash
# A loop with a singular Jacobian whose equations agree (tests/models/NlSingular.mo): Newton takes the
# least-squares step where no Newton step exists (runtime/algebra.c solve_singular) and reaches one of
# the solutions, x + y = 1 + t. Before: "not making progress" at t = 0.004 (LossyGearDemo2 at t = 0).
source tests/ref/lib.sh
D=$OUT/nl_singular; rm -rf "$D"; mkdir -p "$D"
"$MO2C" --units=off tests/models/NlSingular.mo -o "$D/sg" || exit 1
simulate "$D" sg -r=res.csv || exit 1
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "\"x\"") cx = i; if ($i == "\"y\"") cy = i } next }
    { d = $cx + $cy - (1 + $1); if (d < 0) d = -d; if (d > worst) { worst = d; wt = $1 } }
    END { if (!cx || !cy) { print "no columns x, y"; exit 1 }
          if (worst > 1e-9) { printf "FAIL: x + y off by %g at t=%s\n", worst, wt; exit 1 } }' "$D/res.csv"
