#!/usr/bin/env bash
# Tearing solves an equation for an unknown through a coefficient that varies only when nothing else can
# (compiler/analysis/solve.c fixed_coefficient): tests/models/TearZero.mo, a thermistor heated by its own
# loss P = v*i with v = 0 at the start, against the closed form. Before: the loop computed T from
# i = G0 (1 + a (T - Tamb)) v, dividing by G0 a v, and stopped at time 0 with "division by zero" (as the
# MSL's HeatingRectifier and HeatingMOSInverter did).
source tests/ref/lib.sh
D=$OUT/tear_coefficient
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/TearZero.mo -o "$D/TearZero" || { echo "FAIL: mo2c"; exit 1; }
simulate "$D" TearZero -r=res.csv || exit 1
dT='(0.5 * (v = 2 * sin(2 * 3.141592653589793 * t))^2 / (4 - 0.01 * 0.5 * v^2))'
closed_form "$D/res.csv" T "300 + $dT" 1e-9 || exit 1
closed_form "$D/res.csv" P "4 * $dT" 1e-9 || exit 1
closed_form "$D/res.csv" i "0.5 * (1 + 0.01 * $dT) * 2 * sin(2 * 3.141592653589793 * t)" 1e-9 || exit 1
# no division by the voltage in the generated loop
"$MO2C" tests/models/TearZero.mo --emit-c -o "$D/tz.c" || exit 1
if grep -E 'mo2c_div\(d, [^;]*, [^;]*y\[[0-9]+\] /\* v \*/, W' "$D/tz.c"; then
    echo "FAIL: the loop divides by v"; exit 1
fi
exit 0
