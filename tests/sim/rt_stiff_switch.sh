#!/usr/bin/env bash
# A stiff model under the default stepper (runtime/solver.c STIFF_STEPS): tests/models/StiffDecay.mo,
# x' = -k (x - sin t) with k = 1e7 over 10 s, against the closed form
# x = (k^2 sin t - k cos t + k e^(-k t)) / (k^2 + 1). rkf45 refuses a try in every few (and would take
# 1000 steps within an output interval), the run goes on with msbdf and says so in LOG_SOLVER. Before:
# some 10^8 rkf45 steps (the MSL's DifferenceAmplifier ran for hours, CauerLowPassSC 34 s). A stepper
# asked for with -s is kept.
# With k = 1e3 rkf45's steps (3e-3 s at its stability limit) are about 7 an output interval, never 1000:
# the second sign, more than 10 % of its tries refused in two blocks of 200 steps, switches (rkf45
# alone: 3590 steps of which 599 refused, 14 %; MSL Fluid's RoomCO2 took 33,566 for the same reason).
source tests/ref/lib.sh
D=$OUT/rt_stiff_switch
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/StiffDecay.mo -o "$D/sd" || { echo "FAIL: mo2c"; exit 1; }
log=$(cd "$D" && timeout 60 ./sd -r=res.csv -lv=LOG_SOLVER,LOG_STATS 2>&1); rc=$?
[ $rc = 0 ] && grep -q "The simulation finished successfully." <<<"$log" || { echo "FAIL: exit $rc"; tail -5 <<<"$log"; exit 1; }
grep -q ": stiff, the run goes on with msbdf" <<<"$log" || { echo "FAIL: no switch logged"; exit 1; }
grep -q "solver: rkf45, then msbdf" <<<"$log" || { echo "FAIL: stats: $(grep solver: <<<"$log")"; exit 1; }
closed_form "$D/res.csv" x '(1e14 * sin(t) - 1e7 * cos(t) + 1e7 * exp(-1e7 * t)) / (1e14 + 1)' 1e-5 || exit 1
log=$(cd "$D" && timeout 60 ./sd -override=k=1e3 -r=res3.csv -lv=LOG_SOLVER,LOG_STATS 2>&1) || { echo "FAIL: k=1e3"; exit 1; }
grep -q "of rkf45's tries refused in two blocks of 200 steps: stiff, the run goes on with msbdf" <<<"$log" ||
    { echo "FAIL: k=1e3: no switch logged"; exit 1; }
steps=$(sed -nE 's/^LOG_STATS \| info \| steps: ([0-9]+)$/\1/p' <<<"$log")
[ -n "$steps" ] && [ "$steps" -lt 1500 ] || { echo "FAIL: k=1e3: $steps steps (rkf45 alone: 3590)"; exit 1; }
closed_form "$D/res3.csv" x '(1e6 * sin(t) - 1e3 * cos(t) + 1e3 * exp(-1e3 * t)) / (1e6 + 1)' 1e-5 || exit 1
# -s=rkf45 asked for: no switch (a short run: 1e-4 s)
log=$(cd "$D" && timeout 60 ./sd -s=rkf45 -stopTime=1e-4 -stepSize=1e-4 -lv=LOG_SOLVER 2>&1) || { echo "FAIL: -s=rkf45"; exit 1; }
if grep -q "stiff" <<<"$log"; then echo "FAIL: switched though -s=rkf45"; exit 1; fi
exit 0
