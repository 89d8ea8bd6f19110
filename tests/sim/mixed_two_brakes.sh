#!/usr/bin/env bash
# A mixed loop whose mode at an event is singular (runtime/mixed.c prefer_regular, events.c
# mo2c_rt_rel_hold): tests/models/MixedTwoBrakes.mo, a mass held by two dry brakes written as the MSL's
# friction elements are. Where it stands, both brakes locked fix only the sum of their forces; the
# runtime takes a regular mode, one brake at its limit and the other locked, and holds that brake's
# relation on its threshold between events. Against tests/ref/brakes_ref.py: the velocity (the phases
# in closed form) within 1e-6 on the output grid at -tolerance=1e-10, and, on every row where the mass
# stands, the forces balance the drive, each within its limit and one at it. Before: both locked,
# solved by least squares, let a brake's force drift to its limit inside the stuck phase, and the run
# crawled through an event every 1e-11 s from t = 0.34 (the MSL's LossyGearDemo2 kept the split of
# its bearing and gear unlike the reference).
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/mixed_two_brakes
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/MixedTwoBrakes.mo -o "$D/MixedTwoBrakes" || { echo "FAIL: mo2c"; exit 1; }
(ulimit -t 30; simulate "$D" MixedTwoBrakes -tolerance=1e-10 -r=res.csv) || exit 1
python3 tests/ref/brakes_ref.py "$D/ref.csv" "$D/res.csv" 2> "$D/phases.txt" || exit 1
"$REFBIN/csvcmp" --abs 1e-6 "$D/ref.csv" "$D/res.csv" v || exit 1
# the loop of the two brakes is one mixed loop over their 4 relations of sa
"$MO2C" tests/models/MixedTwoBrakes.mo --emit-c -o "$D/tb.c" || exit 1
grep -q 'mo2c_mixed_loop(d, 4, ' "$D/tb.c" || { echo "FAIL: no mixed loop over the 4 relations of b1.sa and b2.sa"; exit 1; }
exit 0
