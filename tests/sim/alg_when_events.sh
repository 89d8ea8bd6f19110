#!/usr/bin/env bash
# A when-statement on time >= t_next, t_next a discrete output of the same algorithm section
# (tests/models/AlgWhenTime.mo): y must follow x 0.3 s later, changing exactly at t = 1.3 (to 1) and
# t = 2.3 (to 0); the relation was wrapped in noEvent and never fired (y stayed 0). With the MSL: its
# Digital HalfAdder (inertial delays of 0.3 s) gives s = a xor b and c = a and b 0.3 s after each input
# change, the logic worked out by hand from its tables of inputs (a: 1 0 1 0 at t = 1 2 3 4, b: 1 0 at
# t = 2 4): s, c = 0, 0 from 0.3; s = 1 from 1.3; s = 0, c = 1 from 3.3; c = 0 from 4.3.
source tests/ref/lib.sh
: "${MSL:=../shared/msl/4.0.0}"
D=$OUT/alg_when_events
rm -rf "$D"; mkdir -p "$D"
status=0
for m in Elsewhen TwoWhens; do
    "$MO2C" tests/models/AlgWhenTime.mo AlgWhenTime.$m -o "$D/$m" || { status=1; continue; }
    (cd "$D" && ./$m -r=$m.csv >/dev/null) || { echo "FAIL: $m: the simulation"; status=1; continue; }
    got=$(awk -F, 'NR == 2 || (NR > 2 && $3 != p) { printf "%s:%s ", $1, $3; p = $3 }' "$D/$m.csv")
    [ "$got" = "0:0 1.3:1 2.3:0 " ] || { echo "FAIL: $m: y changed at [$got], expected [0:0 1.3:1 2.3:0 ]"; status=1; }
done
if [ -d "$MSL/Modelica" ]; then
    "$MO2C" -L "$MSL" Modelica.Electrical.Digital.Examples.HalfAdder -o "$D/ha" || exit 1
    (cd "$D" && ./ha -r=ha.csv '-variableFilter=time|s.y\[1\]|c.y\[1\]' >/dev/null) || { echo "FAIL: HalfAdder"; exit 1; }
    got=$(awk -F, 'NR == 2 || (NR > 2 && ($2 != ps || $3 != pc)) { printf "%s:%s,%s ", $1, $2, $3; ps = $2; pc = $3 }' "$D/ha.csv")
    want="0:0.5,0.5 0.3:0,0 1.3:1,0 3.3:0,1 4.3:0,0 "
    [ "$got" = "$want" ] || { echo "FAIL: HalfAdder s, c changed at [$got], expected [$want]"; status=1; }
else
    echo "skipped: the HalfAdder (no MSL at $MSL)"
fi
exit $status
