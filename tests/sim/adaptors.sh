#!/usr/bin/env bash
# Index reduction with the MSL's signal adaptors (tests/models/Adaptors.mo) against closed forms:
#   f = sin 2t is sent with fder = der(f); i = state1({f, fder}, time) is f, and index reduction
#   differentiates it through the derivative annotation to fder: v = L der(i) = 0.5 * 2 cos 2t;
#   pder = if usePder then der(p) else 0 with usePder = false is 0 (p is no state);
#   der(der(x)) = -x, x(0) = 1, der(x)(0) = 0: x = cos t, the state der(x) integrates to -sin t.
source tests/ref/lib.sh
D=$OUT/adaptors; rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/Adaptors.mo Adaptors.Imposed -o "$D/imposed" || exit 1
simulate "$D" imposed -tolerance=1e-9 -r=res.csv || exit 1
status=0
closed_form "$D/res.csv" i "sin(2*t)" 1e-9 || status=1
closed_form "$D/res.csv" v "cos(2*t)" 1e-9 || status=1
closed_form "$D/res.csv" pder "0" 0 || status=1
closed_form "$D/res.csv" x "cos(t)" 1e-7 || status=1
closed_form "$D/res.csv" w "-sin(t)" 1e-7 || status=1
exit $status
