#!/usr/bin/env bash
# der of an expression (tests/models/DerExpr.mo) against the closed forms:
#   2 x' + cos t = -x, x(0) = 1:  x = -cos(t)/5 - 2 sin(t)/5 + 6/5 e^(-t/2)
#   d (phi2' - 2 t) = 1, d = 2:   phi2 = t/2 + t^2
#   (z + {sin t, t^2})' = {1, 2}: z = {t - sin t, 2 t - t^2}
source tests/ref/lib.sh
D=$OUT/der_expr; rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/DerExpr.mo -o "$D/der" || exit 1
simulate "$D" der -tolerance=1e-9 -r=res.csv || exit 1
status=0
closed_form "$D/res.csv" x "-cos(t)/5 - 2*sin(t)/5 + 1.2*exp(-t/2)" 1e-7 || status=1
closed_form "$D/res.csv" phi2 "t/2 + t*t" 1e-7 || status=1
closed_form "$D/res.csv" "z[1]" "t - sin(t)" 1e-7 || status=1
closed_form "$D/res.csv" "z[2]" "2*t - t*t" 1e-7 || status=1
exit $status
