#!/usr/bin/env bash
# Derivatives made from a function's algorithm that calls linspace (tests/models/FuncadLinspace.mo):
# p = 7.25 t^2, vel = 14.5 t, acc = 14.5 (closed forms); the first and second derivative functions are
# in the C.
source tests/ref/lib.sh
D=$OUT/funcad_linspace; rm -rf "$D"; mkdir -p "$D"
status=0
M=tests/models/FuncadLinspace.mo
"$MO2C" $M FuncadLinspace.M --emit-c -o "$D/M.c" || { echo "mo2c failed"; exit 1; }
grep -q 'g_der_der_v(d' "$D/M.c" || { echo "FAIL: no second derivative made from g's algorithm"; status=1; }
"$MO2C" $M FuncadLinspace.M -o "$D/M" || { echo "mo2c failed"; exit 1; }
simulate "$D" M -stopTime=1 -tolerance=1e-10 -r=res.csv || exit 1
closed_form "$D/res.csv" p '7.25 * t * t' 1e-6 || status=1
closed_form "$D/res.csv" vel '14.5 * t' 1e-6 || status=1
closed_form "$D/res.csv" acc '14.5' 1e-6 || status=1
exit $status
