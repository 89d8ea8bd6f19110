#!/usr/bin/env bash
# Mixed loops at an event whose relation sits on its threshold (runtime/mixed.c agree): tests/models/
# Freewheel.mo, a one-way clutch written as the MSL's OneWayClutch is, sticks, breaks loose forward when
# the torque it carries exceeds its static friction, slides, sticks ... against tests/ref/freewheel_ref.py
# (the phases in closed form, their ends by bisection), within 1e-6 on the output grid at
# -tolerance=1e-10. Before: at the first break-loose (t = 0.848) the loop took the locked mode, whose
# 'sa > tau0_max' is 1e-13 (a tie) from its threshold, the event iteration gave the relation the value
# of its sign back, and the two alternated for 100 passes (the MSL's HeatLosses stopped at t = 0.71).
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/mixed_freewheel
rm -rf "$D"; mkdir -p "$D"
python3 tests/ref/freewheel_ref.py "$D/ref.csv" 2> "$D/phases.txt" || { echo "FAIL: freewheel_ref.py"; exit 1; }
"$MO2C" tests/models/Freewheel.mo -o "$D/Freewheel" || { echo "FAIL: mo2c"; exit 1; }
simulate "$D" Freewheel -tolerance=1e-10 -r=res.csv || exit 1
"$REFBIN/csvcmp" --abs 1e-6 "$D/ref.csv" "$D/res.csv" w1 w2 || exit 1
# and at the default tolerance, within what it allows
simulate "$D" Freewheel -r=res6.csv || exit 1
"$REFBIN/csvcmp" --abs 1e-4 "$D/ref.csv" "$D/res6.csv" w1 w2 || exit 1
