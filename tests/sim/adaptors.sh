#!/usr/bin/env bash
# Index reduction with the MSL's signal adaptors (tests/models/Adaptors.mo) against closed forms:
#   f = sin 2t is sent with fder = der(f); i = state1({f, fder}, time) is f, and index reduction
#   differentiates it through the derivative annotation to fder: v = L der(i) = 0.5 * 2 cos 2t;
#   pder = if usePder then der(p) else 0 with usePder = false is 0 (p is no state);
#   der(der(x)) = -x, x(0) = 1, der(x)(0) = 0: x = cos t, the state der(x) integrates to -sin t;
#   -override refuses usePder and useFder (their values chose the equations), takes L.
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
# usePder and useFder chose the equations: -override refuses them rather than ignoring the new value
for p in usePder useFder; do
    out=$(cd "$D" && ./imposed -override=$p=true 2>&1); rc=$?
    want="error: -override: parameter '$p' cannot be overridden (its value was used when the model was compiled"
    if [ $rc -ne 1 ] || ! grep -qF "$want" <<<"$out"; then
        echo "FAIL: -override=$p=true: exit $rc: $out"; status=1
    fi
done
out=$(cd "$D" && ./imposed -override=L=2 -r=l2.csv 2>&1) || { echo "FAIL: -override=L=2: $out"; status=1; }
# and the XML that OpenModelica's scripts edit says so
n=$(grep -A2 -E 'name="use[PF]der"' "$D/imposed_init.xml" | grep -c 'isValueChangeable="false"')
[ "$n" = 2 ] || { echo "FAIL: usePder, useFder: isValueChangeable=\"false\" $n times, not 2"; status=1; }
exit $status
