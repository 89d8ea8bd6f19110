#!/usr/bin/env bash
# Asserts are checked at points without an event, and after an event at the crossing, never at the end
# of the step past a crossing (runtime/events.c after_step): tests/models/DrainAssert.mo, a tank that
# empties at t = 1/1.3 with assert(level > -1e-6), against the closed form max(1 - 1.3 t, 0). Before:
# the step that crossed level = 0 ended at level = -0.0026 and the assert stopped the run at t = 0.772
# (as Modelica.Fluid.Examples.Tanks.EmptyTanks stopped at t = 35.5 on "Fluid level is below zero").
source tests/ref/lib.sh
D=$OUT/events_assert_crossing
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/DrainAssert.mo -o "$D/DrainAssert" || { echo "FAIL: mo2c"; exit 1; }
simulate "$D" DrainAssert -r=res.csv || exit 1
closed_form "$D/res.csv" level '(t < 1 / 1.3 ? 1 - 1.3 * t : 0)' 1e-9 || exit 1
[ "$(tail -1 "$D/res.csv" | cut -d, -f1)" = 2 ] || { echo "FAIL: the run ends at $(tail -1 "$D/res.csv" | cut -d, -f1)"; exit 1; }
exit 0
