#!/usr/bin/env bash
# Expandable connectors (tests/flat/expandable_bus.mo): signals over a bus, an element added by a connect,
# a bus augmented through its connection to another, a nested sub-bus, an array made element by element
# (gains[1], gains[3]), a declared vec[:] sized by its connect. Against the closed forms y = 2 sin(t),
# z = 3 t, w = 1 + t, v = 5, r = 4 t + 1, q = {t, 2 t}, sensor.e = 4 t (written by awk here, not by mo2c), within 1e-9.
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/expandable
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/flat/expandable_bus.mo -o "$D/bus" || exit 1
simulate "$D" bus -stopTime=2 -stepSize=0.01 -r=res.csv || exit 1
awk 'BEGIN {
    print "\"time\",\"y\",\"z\",\"w\",\"v\",\"r\",\"q[1]\",\"q[2]\",\"sensor.e\""
    for (i = 0; i <= 200; i++) {
        t = i / 100
        printf "%.17g,%.17g,%.17g,%.17g,5,%.17g,%.17g,%.17g,%.17g\n", t, 2 * sin(t), 3 * t, 1 + t, 4 * t + 1, t, 2 * t, 4 * t
    }
}' > "$D/ref.csv"
status=0
"$REFBIN/csvcmp" --abs 1e-9 "$D/ref.csv" "$D/res.csv" y z w v r 'q[1]' 'q[2]' sensor.e || status=1
# tests/models/ExpandableSubBus.mo: q = bus.sub.w, added to the declared sub-bus only by a connect inside a
# component (augmentation), read by an equation that waits for the connects: q = 5 t (it was refused, the
# message saying "outside an equation"); bus.u[2] = 2 t through a for-loop of connects
if "$MO2C" tests/models/ExpandableSubBus.mo -o "$D/sub" && simulate "$D" sub -stopTime=1 -stepSize=0.01 -r=sub.csv; then
    closed_form "$D/sub.csv" q "5 * t" 1e-9 || status=1
    closed_form "$D/sub.csv" 'bus.u[2]' "2 * t" 1e-9 || status=1
else status=1; fi
# tests/models/ExpandableArrays.mo: connect(cell.cellBus, stackBus.cellBus) of two arrays of expandable
# connectors (the MSL's Batteries stacks, refused before: "cannot connect 'cell[1,1].cellBus.v' to '?'"):
# the stack bus carries each cell's v and w, total = 42 t, stackBus.cellBus[1,2].v = 2 t, [2,3].v = 6 t
if "$MO2C" tests/models/ExpandableArrays.mo -o "$D/arr" && simulate "$D" arr -stopTime=1 -stepSize=0.01 -r=arr.csv; then
    awk 'BEGIN { print "\"time\",\"total\",\"stackBus.cellBus[1,2].v\",\"stackBus.cellBus[2,3].v\""
                 for (i = 0; i <= 100; i++) { t = i / 100; printf "%.17g,%.17g,%.17g,%.17g\n", t, 42 * t, 2 * t, 6 * t } }' > "$D/arr.ref.csv"
    "$REFBIN/csvcmp" --abs 1e-9 "$D/arr.ref.csv" "$D/arr.csv" total 'stackBus.cellBus[1,2].v' 'stackBus.cellBus[2,3].v' || status=1
else status=1; fi
exit $status
