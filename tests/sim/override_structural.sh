#!/usr/bin/env bash
# -override of a parameter whose value the compiler used (tests/models/OverrideStructural.mo): an array
# size, a for-range, a value folded into a String, an if-equation's condition are refused with a message
# (before: silently ignored, the results those of the old value); an ordinary parameter and the condition
# of a scalar if-expression still take the new value: x = exp(-k t) and z = -k with k = 2, c = false, and so
# does an end of linspace: ls[2] = (lo + 3) / 2 = 2.5 with lo = 2.
source tests/ref/lib.sh
: "${MSL:=../shared/msl/4.0.0}"
if [ ! -d "$MSL/Modelica" ]; then echo "skipped: no MSL at $MSL (Modelica.Utilities.Strings)"; exit 0; fi
D=$OUT/override_structural
rm -rf "$D"; mkdir -p "$D"
"$MO2C" -L "$MSL" tests/models/OverrideStructural.mo -o "$D/os" || exit 1
status=0
for p in n=4 m=3 q=12345 b=false; do
    out=$(cd "$D" && ./os -override=$p 2>&1); rc=$?
    want="error: -override: parameter '${p%%=*}' cannot be overridden (its value was used when the model was compiled"
    if [ $rc -ne 1 ] || ! grep -qF "$want" <<<"$out"; then
        echo "FAIL: -override=$p: exit $rc: $out"; status=1
    fi
done
(cd "$D" && ./os -override=k=2,c=false,lo=2 -r=res.csv >/dev/null) || { echo "FAIL: -override=k=2,c=false,lo=2"; exit 1; }
closed_form "$D/res.csv" 'x[2]' "exp(-2*t)" 1e-5 || status=1
closed_form "$D/res.csv" z "-2" 1e-12 || status=1
closed_form "$D/res.csv" 'ls[2]' "2.5" 1e-12 || status=1
exit $status
