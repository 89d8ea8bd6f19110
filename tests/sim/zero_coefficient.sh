#!/usr/bin/env bash
# A parameter that is 0 is no coefficient to divide by when a loop is torn (compiler/analysis/solve.c):
# tests/models/ZeroParams.mo's MasslessInertia (the MSL's Translational.Examples.Vehicle, whose wheel
# inertias have J = 0 and stopped with "division by zero" at t = 0) against its closed forms, within
# 1e-6 at -tolerance=1e-10, with J = 0 and with -override=J=2.5; and Reciprocal (R_m = 1/G_m solved for
# G_m, the start value 0 no place for Newton: FluxTubes' leakage elements) against its closed forms.
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/zero_coefficient
rm -rf "$D"; mkdir -p "$D"
status=0
"$MO2C" tests/models/ZeroParams.mo ZeroParams.MasslessInertia -o "$D/M" || { echo "FAIL: mo2c"; exit 1; }
check() { # tag tau_m(time constant) args...
    local tag=$1 T=$2; shift 2
    simulate "$D" M -tolerance=1e-10 -r="$tag.csv" "$@" || { status=1; return; }
    awk -v T="$T" 'BEGIN { print "time,v,s,w"
             for (i = 0; i <= 500; i++) { t = i / 50; e = exp(-t / T); v = 2 * (1 - e)
                 printf "%.17g,%.17g,%.17g,%.17g\n", t, v, 2 * t - 2 * T * (1 - e), v / 0.25 } }' > "$D/$tag.ref.csv"
    "$REFBIN/csvcmp" --abs 1e-6 "$D/$tag.ref.csv" "$D/$tag.csv" v s w > "$D/$tag.cmp" || { echo "FAIL: $tag"; cat "$D/$tag.cmp"; status=1; }
}
check J0 5
check J2.5 7 -override=J=2.5
# ZeroParams.Reciprocal: R_m = 1/G_m solved for G_m explicitly (G_m = 1/R_m), not by Newton from G_m = 0
"$MO2C" tests/models/ZeroParams.mo ZeroParams.Reciprocal -o "$D/R" || { echo "FAIL: mo2c Reciprocal"; exit 1; }
if simulate "$D" R -tolerance=1e-10 -r=rec.csv; then
    closed_form "$D/rec.csv" G_m '1 / (2 + t)' 1e-12 || status=1
    closed_form "$D/rec.csv" Phi 'log(2 + t) - log(2)' 1e-7 || status=1
else
    status=1
fi
exit $status
