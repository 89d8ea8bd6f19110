#!/usr/bin/env bash
# Algorithm sections inside algebraic loops (tests/models/AlgLoops.mo): the section runs inside the
# nonlinear solver as a function of the loop's other unknowns. References computed here, outside mo2c:
# Main: x solves x = 1 + 0.5 sin(x) + t (Newton in awk to 1e-15 at each output time), y = x - t,
# w = y^2, v = w + x. Two: x = exp(-t); u = a + 0.3 b, b = a + u, a = u / 2 + x give (by hand)
# 0.7 u = 1.3 a, a = 13 a / 14 + x: a = 14 x, u = 26 x, b = 40 x.
# The emitted C compiles warning-free.
source tests/ref/lib.sh
D=$OUT/alg_loops
rm -rf "$D"; mkdir -p "$D"
status=0
M=tests/models/AlgLoops.mo
"$MO2C" $M AlgLoops.Main -o "$D/Main" || { echo "mo2c failed"; exit 1; }
simulate "$D" Main -stopTime=2 -stepSize=0.01 -tolerance=1e-10 -r=main.csv || exit 1
newton='function xs(t,   x, k) { x = 1 + t; for (k = 0; k < 100; k++) x -= (x - 1 - 0.5 * sin(x) - t) / (1 - 0.5 * cos(x)); return x }'
check() {   # check COLUMN EXPR TOL: like closed_form, with xs(t) available
    awk -F, -v col="\"$1\"" -v tol="$3" "$newton"'
        NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i; if (!c) { print "no column " col; exit 2 } next }
        { t = $1; want = '"$2"'; d = $c - want; if (d < 0) d = -d; if (d > worst) { worst = d; wt = t; wv = $c; ww = want } }
        END { if (c && worst > tol) { printf "FAIL: %s at t=%s is %s, reference %s\n", col, wt, wv, ww; exit 1 } }' "$D/main.csv"
}
check x "xs(t)" 1e-8 || status=1
check y "xs(t) - t" 1e-8 || status=1
check w "(xs(t) - t)^2" 1e-8 || status=1
check v "(xs(t) - t)^2 + xs(t)" 1e-8 || status=1
"$MO2C" $M AlgLoops.Two -o "$D/Two" || { echo "mo2c failed on Two"; exit 1; }
simulate "$D" Two -stopTime=1 -stepSize=0.01 -tolerance=1e-10 -r=two.csv || exit 1
closed_form "$D/two.csv" x "exp(-t)" 1e-7 || status=1
closed_form "$D/two.csv" u "26 * exp(-t)" 1e-6 || status=1
closed_form "$D/two.csv" a "14 * exp(-t)" 1e-6 || status=1
closed_form "$D/two.csv" b "40 * exp(-t)" 1e-6 || status=1
"$MO2C" $M AlgLoops.Two --emit-c -o "$D/Two.c" || exit 1
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/Two.o" "$D/Two.c" || status=1
exit $status
