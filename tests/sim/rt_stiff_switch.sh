#!/usr/bin/env bash
# A stiff model under the default stepper (runtime/solver.c STIFF_STEPS): tests/models/StiffDecay.mo,
# x' = -k (x - sin t) with k = 1e7 over 10 s, against the closed form
# x = (k^2 sin t - k cos t + k e^(-k t)) / (k^2 + 1). rkf45 takes 1000 steps within the first output
# interval, the run goes on with msbdf and says so in LOG_SOLVER. Before: some 10^8 rkf45 steps (the
# MSL's DifferenceAmplifier ran for hours, CauerLowPassSC 34 s). A stepper asked for with -s is kept.
source tests/ref/lib.sh
D=$OUT/rt_stiff_switch
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/StiffDecay.mo -o "$D/sd" || { echo "FAIL: mo2c"; exit 1; }
log=$(cd "$D" && timeout 60 ./sd -r=res.csv -lv=LOG_SOLVER,LOG_STATS 2>&1); rc=$?
[ $rc = 0 ] && grep -q "The simulation finished successfully." <<<"$log" || { echo "FAIL: exit $rc"; tail -5 <<<"$log"; exit 1; }
grep -q "steps within an output interval: stiff, the run goes on with msbdf" <<<"$log" || { echo "FAIL: no switch logged"; exit 1; }
grep -q "solver: rkf45, then msbdf" <<<"$log" || { echo "FAIL: stats: $(grep solver: <<<"$log")"; exit 1; }
closed_form "$D/res.csv" x '(1e14 * sin(t) - 1e7 * cos(t) + 1e7 * exp(-1e7 * t)) / (1e14 + 1)' 1e-5 || exit 1
# -s=rkf45 asked for: no switch (a short run: 1e-4 s)
log=$(cd "$D" && timeout 60 ./sd -s=rkf45 -stopTime=1e-4 -stepSize=1e-4 -lv=LOG_SOLVER 2>&1) || { echo "FAIL: -s=rkf45"; exit 1; }
if grep -q "stiff" <<<"$log"; then echo "FAIL: switched though -s=rkf45"; exit 1; fi
exit 0
