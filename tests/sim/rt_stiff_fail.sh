#!/usr/bin/env bash
# The third sign of stiffness (runtime/solver.c, mo2c_rt_simulate): the default rkf45 shrinks its step
# to nothing on model evaluations that fail at its trial points, and the run goes on with msbdf from
# the last accepted point. tests/models/JunctionCharge.mo: a junction capacitance C0/sqrt(1 - v/Vj)
# discharged through R, R*C0 = 1e-14 s in a 10 s run; rkf45's stages swing past Vj (sqrt of a negative
# number) at every step size down to 1e-12 of the run, msbdf's implicit steps stay below it. Closed form:
# v = u(t) = 0.5 + 0.4 sin t past the transient of some 1e-13 s, to within R*C*|u'| < 1e-14 V. Before:
# the run stopped at t = 7.2e-12 on the sqrt, as the MSL's Spice3 Oscillator stopped at t = 5e-4 on a
# junction capacitance of NaN (it runs to its end now). -s=rkf45 asked for is kept, and its failure
# reported.
source tests/ref/lib.sh
D=$OUT/rt_stiff_fail
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/JunctionCharge.mo -o "$D/jc" 2>/dev/null || { echo "FAIL: mo2c"; exit 1; }
log=$(cd "$D" && ulimit -t 20 && ./jc -r=res.csv -lv=LOG_SOLVER,LOG_STATS 2>&1); rc=$?
[ $rc = 0 ] && grep -q "The simulation finished successfully." <<<"$log" || { echo "FAIL: exit $rc"; tail -3 <<<"$log"; exit 1; }
grep -q "rkf45's step shrank to nothing on a failing model evaluation: stiff, the run goes on with msbdf at tolerance 1e-07" <<<"$log" ||
    { echo "FAIL: no switch logged"; grep stiff <<<"$log"; exit 1; }
grep -q "solver: rkf45, then msbdf" <<<"$log" || { echo "FAIL: stats: $(grep solver: <<<"$log")"; exit 1; }
[ "$(awk -F, 'END { print $1 }' "$D/res.csv")" = 10 ] || { echo "FAIL: last row $(tail -1 "$D/res.csv")"; exit 1; }
closed_form "$D/res.csv" v '(t == 0 ? 0.95 : 0.5 + 0.4 * sin(t))' 1e-6 || exit 1
# the stepper asked for is kept: rkf45's failure is reported, at its time
log=$(cd "$D" && ulimit -t 20 && ./jc -s=rkf45 -r=res2.csv 2>&1); rc=$?
[ $rc = 1 ] && grep -q "^error: at time [0-9.e-]*: sqrt of negative number .* c = C0 / sqrt(1 - v / Vj)$" <<<"$log" ||
    { echo "FAIL: -s=rkf45: exit $rc: $log"; exit 1; }
exit 0
