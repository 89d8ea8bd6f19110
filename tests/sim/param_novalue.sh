#!/usr/bin/env bash
# Parameters without a value (specification 8.6): each takes its start value, with one warning per
# declaration naming the value used (an array's elements share one); parameters with fixed = false or a
# binding get none. The simulation uses the start values: x = 1 - t (tests/models/ParamNoValue.mo).
source tests/ref/lib.sh
D=$OUT/param_novalue; rm -rf "$D"; mkdir -p "$D"
M=tests/models/ParamNoValue.mo
status=0
fail() { echo "FAIL: $*"; status=1; }
err=$("$MO2C" $M -o "$D/pnv" 2>&1) || fail "build: $err"
for w in "ParamNoValue.mo:4:18: warning: parameter 'k' has no value; its start value 0 is used (specification 8.6)" \
         "ParamNoValue.mo:5:18: warning: parameter 'k2' has no value; its start value 3 is used" \
         "ParamNoValue.mo:6:21: warning: parameter 'n' has no value; its start value 0 is used" \
         "ParamNoValue.mo:7:18: warning: parameter 'a[1]' has no value; its start value 2 is used" \
         "ParamNoValue.mo:8:18: warning: parameter 'neg' has no value; its start value -1.5 is used"; do
    grep -qF -- "$w" <<<"$err" || fail "missing: $w"
done
n=$(grep -c 'warning:' <<<"$err")
[ "$n" = 5 ] || fail "expected 5 warnings, got $n: $err"
simulate "$D" pnv -r=res.csv || exit 1
closed_form "$D/res.csv" x "1 - t" 1e-6 || status=1
exit $status
