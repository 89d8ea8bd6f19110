#!/usr/bin/env bash
# Derivatives made from a function's algorithm through min, max and product of vectors and reductions
# (tests/models/FuncadExtremes.mo): x = {min(t, 2 - t), 3 (t + 1), 2 t (t + 1), t} and v = der(x) = {1 before
# t = 1 and -1 after, 3, 4 t + 2 (a factor 0 at t = 0), 1 (min({t, t}): the mean over the tie)}, closed
# forms at points that miss t = 1 (where min's derivative jumps); the C compiles without warnings.
source tests/ref/lib.sh
D=$OUT/funcad_extremes; rm -rf "$D"; mkdir -p "$D"
status=0
M=tests/models/FuncadExtremes.mo
"$MO2C" $M FuncadExtremes.M --emit-c -o "$D/M.c" || { echo "mo2c failed"; exit 1; }
grep -q 'g_der(d' "$D/M.c" || { echo "FAIL: no derivative made from g's algorithm"; status=1; }
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/M.o" "$D/M.c" || status=1
"$MO2C" $M FuncadExtremes.M -o "$D/M" || { echo "mo2c failed"; exit 1; }
simulate "$D" M -stopTime=2 -stepSize=0.03 -r=res.csv || exit 1
closed_form "$D/res.csv" 'x[1]' '(t < 1 ? t : 2 - t)' 1e-9 || status=1
closed_form "$D/res.csv" 'x[2]' '3 * (t + 1)' 1e-9 || status=1
closed_form "$D/res.csv" 'x[3]' '2 * t * (t + 1)' 1e-9 || status=1
closed_form "$D/res.csv" 'x[4]' 't' 1e-9 || status=1
closed_form "$D/res.csv" 'v[1]' '(t < 1 ? 1 : -1)' 1e-9 || status=1
closed_form "$D/res.csv" 'v[2]' '3' 1e-9 || status=1
closed_form "$D/res.csv" 'v[3]' '4 * t + 2' 1e-9 || status=1
closed_form "$D/res.csv" 'v[4]' '1' 1e-9 || status=1
exit $status
