#!/usr/bin/env bash
# fixed = a parameter expression (tests/models/FixedExpr.mo): p is computed by the initial equation
# (p = 6), so x = exp(-6 t); b, read when the model was compiled, cannot be overridden.
source tests/ref/lib.sh
D=$OUT/fixed_expr; rm -rf "$D"; mkdir -p "$D"
status=0
"$MO2C" tests/models/FixedExpr.mo -o "$D/fe" || { echo "mo2c failed"; exit 1; }
simulate "$D" fe -stopTime=1 -r=res.csv || exit 1
closed_form "$D/res.csv" x "exp(-6 * t)" 1e-5 || status=1
out=$(cd "$D" && ./fe -override=b=false 2>&1) && { echo "FAIL: -override=b=false accepted"; status=1; }
grep -q "parameter 'b' cannot be overridden" <<<"$out" || { echo "FAIL: $out"; status=1; }
exit $status
