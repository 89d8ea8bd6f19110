#!/usr/bin/env bash
# Overdetermined connectors (spec 9.4, tests/flat/overdetermined.mo): a circuit whose connection graph
# has loops, roots chosen by Connections.root / potentialRoot, isRoot and rooted. Against the closed forms
# u = 2 (1 - exp(-2 t)) (an RC charge, R = 1, C = 0.5, V = 2), th = t / 2 (the root's angle reaches the
# capacitor through the spanning tree), u2 = u (the composite RC, twice), i2 = 2 (r2 across the source), up1 = 1, upc = 0 (written by awk
# here, not by mo2c), within 1e-6. And a loop closed by an equalityConstraint with a residue
# (tests/flat/overdetermined_loop.mo): a2 = -1, c1 = cos(1.3 + t).
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/overdetermined
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/flat/overdetermined.mo Overdetermined -o "$D/od" || exit 1
simulate "$D" od -stopTime=2 -stepSize=0.01 -r=res.csv || exit 1
awk 'BEGIN {
    print "\"time\",\"u\",\"th\",\"i2\",\"up1\",\"upc\",\"u2\""
    for (i = 0; i <= 200; i++) {
        t = i / 100
        printf "%.17g,%.17g,%.17g,%.17g,1,0,%.17g\n", t, 2 * (1 - exp(-2 * t)), t / 2, 2, 2 * (1 - exp(-2 * t))
    }
}' > "$D/ref.csv"
"$REFBIN/csvcmp" --abs 1e-6 "$D/ref.csv" "$D/res.csv" u th i2 up1 upc u2 || exit 1
"$MO2C" tests/flat/overdetermined_loop.mo OverdeterminedLoop -o "$D/loop" || exit 1
simulate "$D" loop -stopTime=2 -stepSize=0.01 -r=loop.csv || exit 1
awk 'BEGIN {
    print "\"time\",\"a2\",\"c1\""
    for (i = 0; i <= 200; i++) {
        t = i / 100
        printf "%.17g,-1,%.17g\n", t, cos(1.3 + t)
    }
}' > "$D/loop_ref.csv"
"$REFBIN/csvcmp" --abs 1e-6 "$D/loop_ref.csv" "$D/loop.csv" a2 c1
