#!/usr/bin/env bash
# The bouncing ball (tests/models/BouncingBall.mo: when h <= 0 then reinit(v, -e*pre(v)); n = pre(n) + 1)
# against its closed form (tests/ref/events_ref.c): the impact times, the heights and velocities of every
# flight, the apexes h0 e^(2k), the Integer bounce counter, the rows just before and after each impact,
# with the default stepper and with steppers of other kinds (the crossing is located by re-integration;
# at -tolerance=1e-9; msbdf is checked by events_step.sh, its error here exceeds the 1e-6 on impact times),
# and with SUNDIALS' integrators, which locate the impacts by their own root finding.
source tests/ref/lib.sh
D=$OUT/events_ball
rm -rf "$D"; mkdir -p "$D"
cc $REF_CFLAGS -o "$REFBIN/events_ref" tests/ref/events_ref.c -lm || exit 1
"$MO2C" tests/models/BouncingBall.mo -o "$D/ball" || exit 1
status=0
simulate "$D" ball -lv=LOG_STATS -r=res.csv || exit 1
"$REFBIN/events_ref" ball "$D/res.csv" 3 || status=1
log=$(cd "$D" && ./ball -lv=LOG_STATS -r=res.csv)
grep -qE '^LOG_STATS \| info \| events: [0-9]+ \(state events [0-9]+, time events 0\)' <<<"$log" \
    || { echo "FAIL: no event count in LOG_STATS:"; echo "$log"; status=1; }
for s in rk8pd rk4imp bsimp cvode cvode_adams ida; do
    simulate "$D" ball -s=$s -tolerance=1e-9 -r=res_$s.csv || { status=1; continue; }
    "$REFBIN/events_ref" ball "$D/res_$s.csv" 3 || { echo "FAIL with -s=$s"; status=1; }
done
# a longer run, still short of the Zeno point (4.06 s): 12 impacts before 3.8 s
simulate "$D" ball -stopTime=3.8 -r=res38.csv || exit 1
"$REFBIN/events_ref" ball "$D/res38.csv" 3.8 || status=1
exit $status
