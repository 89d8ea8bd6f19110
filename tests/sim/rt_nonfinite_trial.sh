#!/usr/bin/env bash
# A derivative that is NaN or Inf at a trial point fails the evaluation (runtime/solver.c gsl_rhs), as a
# model's error does: the step is retried shorter. tests/models/DiodeClamp.mo: rkf45's first step puts
# its stages where the diode's exp(v/Vt) overflows; GSL's step control took the error estimate of NaN
# for a passed one and accepted the step, and the run stopped at t = 2e-12 on "v is NaN" (the MSL's
# Spice3BenchmarkRtlInverter so at 9.5e-20: a junction capacitance of NaN at a stage, the states NaN
# after). Now the step shrinks, rkf45 proves stiff and msbdf runs to the end, where v is the root of
# (U - v)/R = Is (exp(v/Vt) - 1), found here by Newton's method in awk (0.78431...). A derivative that
# is not finite on the solution itself is still reported, named (tests/sim/rt_fail.sh, mode 3).
source tests/ref/lib.sh
D=$OUT/rt_nonfinite_trial
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/DiodeClamp.mo -o "$D/dc" 2>/dev/null || { echo "FAIL: mo2c"; exit 1; }
log=$(cd "$D" && ulimit -t 20 && ./dc -r=res.csv 2>&1); rc=$?
[ $rc = 0 ] && grep -q "The simulation finished successfully." <<<"$log" || { echo "FAIL: exit $rc"; tail -3 <<<"$log"; exit 1; }
[ "$(awk -F, 'END { print $1 }' "$D/res.csv")" = 1e-06 ] || { echo "FAIL: last row $(tail -1 "$D/res.csv")"; exit 1; }
root=$(awk 'BEGIN { R = 1e3; Is = 1e-16; Vt = 0.025; U = 5; v = 0.7
    for (k = 0; k < 100; k++) { f = (U - v) / R - Is * (exp(v / Vt) - 1); df = -1 / R - Is / Vt * exp(v / Vt); v -= f / df }
    printf "%.17g", v }')
closed_form "$D/res.csv" v "(t == 0 ? 1 : $root)" 1e-6 || exit 1
exit 0
