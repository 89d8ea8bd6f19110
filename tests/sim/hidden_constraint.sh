#!/usr/bin/env bash
# A constraint that two linear equations hide from the structure (analysis/hidden.c;
# tests/models/HiddenConstraint.mo): a zero-sequence inductor (m*i0 = sum(i), v0 = L0*der(i0), as the
# MSL's Polyphase ZeroInductor) in a star whose point is open (sum(i) = 0). Together they say i0 = 0, but
# the currents appear in enough other equations for a matching to exist, so i0 stayed a state and the run
# stopped at t = 0 with "singular linear system" (the 5-phase FundamentalWave comparisons of the MSL,
# IMC_DOL_Polyphase and others). Closed forms: i0 = v0 = 0, vs = (sin t + 2 cos t + 0.5)/3, and each
# current (V[k] - vs)/R with R = 2.
source tests/ref/lib.sh
D=$OUT/hidden_constraint
rm -rf "$D"; mkdir -p "$D"
M=tests/models/HiddenConstraint.mo
status=0
# i0 is no state: the difference of the two equations (3 i0 = 0) is differentiated
states=$("$MO2C" --dump=dae "$M" HiddenConstraint.OpenStar 2>&1 | awk '$1 == "state"' | wc -l)
[ "$states" -eq 0 ] || { echo "FAIL: OpenStar has $states states, expected none"; status=1; }
"$MO2C" "$M" HiddenConstraint.OpenStar -o "$D/OpenStar" || { echo "FAIL: mo2c OpenStar"; exit 1; }
simulate "$D" OpenStar -stopTime=10 -stepSize=0.01 -r=OpenStar.csv || exit 1
VS="(sin(t) + 2 * cos(t) + 0.5) / 3"
closed_form "$D/OpenStar.csv" vs "$VS" 1e-9 || status=1
closed_form "$D/OpenStar.csv" "i[1]" "(sin(t) - $VS) / 2" 1e-9 || status=1
closed_form "$D/OpenStar.csv" "i[2]" "(2 * cos(t) - $VS) / 2" 1e-9 || status=1
closed_form "$D/OpenStar.csv" i0 "0" 1e-12 || status=1
closed_form "$D/OpenStar.csv" v0 "0" 1e-12 || status=1
exit $status
