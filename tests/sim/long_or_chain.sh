#!/usr/bin/env bash
# An if-expression whose condition is a long chain 'x > 1.5 or x > 2.5 or ... or x < -1' of non-constant
# operands: compile-time evaluation (instantiate/eval.c) tried each level's left operand twice, 2^n work
# (review finding 04: n = 29 took 4.4 s of CPU, n = 50 over a minute). With 1000 terms the compiler has 20 s
# of CPU (the old one needed ~2^1000 steps), and y = 1 from t = 1.5 (x = t), 0 before.
source tests/ref/lib.sh
D=$OUT/long_or_chain
rm -rf "$D"; mkdir -p "$D"
{
    echo "model G"
    echo "  Real x(start = 0, fixed = true);"
    echo "  Real y;"
    echo "equation"
    echo "  der(x) = 1;"
    printf "  y = if "
    for k in $(seq 1 1000); do printf "x > %s.5 or " "$k"; done
    echo "x < -1 then 1 else 0;"
    echo "end G;"
} > "$D/G.mo"
( ulimit -t 20; "$MO2C" "$D/G.mo" -o "$D/G" ) || { echo "FAIL: mo2c on a chain of 1000 'or' (exit $?)"; exit 1; }
simulate "$D" G -stopTime=3 -stepSize=0.25 -r=G.csv || exit 1
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "\"y\"") c = i; next }
    $1 < 1.49 || $1 > 1.51 { want = $1 > 1.5 ? 1 : 0; if ($c != want) { print "FAIL: y at t=" $1 " is " $c; bad = 1 } n++ }
    END { if (!c || n < 10) { print "FAIL: no y column or too few rows"; bad = 1 } exit bad }' "$D/G.csv"
