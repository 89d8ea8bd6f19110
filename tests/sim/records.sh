#!/usr/bin/env bash
# Records as values end to end (tests/models/RecordSim.mo): record parameters given by constructors
# (defaults, a short class with modifiers, an array of records, a function returning a record) and
# handed to components, driving linear ODEs; a record equation with an array field. Every signal
# against its closed form (computed here with awk) within 1e-6 at every output point.
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/records
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/RecordSim.mo RecordSim.Main -o "$D/Main" || { echo "mo2c failed"; exit 1; }
simulate "$D" Main -stopTime=2 -stepSize=0.01 -tolerance=1e-10 -outputFormat=csv -r=res.csv || exit 1
awk 'BEGIN {
    print "\"time\",\"l1.x\",\"l2.x\",\"l3[1].x\",\"l3[2].x\",\"l4.x\",\"s.p\",\"y\""
    for (i = 0; i <= 200; i++) {
        t = i * 0.01
        x1 = 2 * exp(-2 * t); x2 = 1/3 + (0.5 - 1/3) * exp(-3 * t)
        x3 = 2 - exp(-t); x4 = exp(-t / 2); x5 = 2/3 * (1 - exp(-3 * t))
        printf "%.10g,%.15g,%.15g,%.15g,%.15g,%.15g,%.15g,%.15g\n", t, x1, x2, x3, x4, x5, x1 + x2, x1 + x2 + x3 * t
    }
}' > "$D/ref.csv"
"$REFBIN/csvcmp" --abs 1e-6 "$D/ref.csv" "$D/res.csv" l1.x l2.x 'l3[1].x' 'l3[2].x' l4.x s.p y
