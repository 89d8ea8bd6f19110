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
"$REFBIN/csvcmp" --abs 1e-9 "$D/ref.csv" "$D/res.csv" y z w v r 'q[1]' 'q[2]' sensor.e
