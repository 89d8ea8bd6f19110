#!/usr/bin/env bash
# Parameters are checked for NaN and Inf after the initialization (runtime/main.c), and asin/acos outside
# [-1, 1] fail as sqrt and log do (runtime/algebra.c mo2c_asin, mo2c_acos): a NaN parameter read through
# a relation once ran to "finished successfully" with y = 2, which no value of p gives (p = acos(c) is in
# [0, pi]). tests/models/ParamNonFinite.mo.
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/param_nonfinite
rm -rf "$D"; mkdir -p "$D"
st=0
for m in Acos AsinFunction AsinVariable NaNParam NaNUnfixed; do
    "$MO2C" tests/models/ParamNonFinite.mo ParamNonFinite.$m -o "$D/$m" || exit 1
done
fails() { # expected message (an extended regex), model and its options
    local want=$1 out; shift
    if out=$(cd "$D" && "./$@" -r=res.csv 2>&1); then
        echo "FAIL: $* finished: $out"; st=1
    elif ! grep -Eq "$want" <<<"$out"; then
        echo "FAIL: $* said: $out"; st=1
    fi
}
last() { awk -F, -v v="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == v || $i == "\"" v "\"") c = i } END { print $c }' "$D/$1"; }
fails "error: at time 0: acos of 1.5, outside \[-1, 1\], in equation .*ParamNonFinite.mo:6" Acos -override=c=1.5
fails "error: at time 0: .*asin of -2, outside \[-1, 1\]" AsinFunction -override=c=-2
fails "error: at time 0\.5[0-9]*: .*asin of 1\.0[0-9]*, outside \[-1, 1\], in equation .*ParamNonFinite.mo:30" AsinVariable
fails "error: at time 0: p is NaN" NaNParam
fails "error: at time 0: p is NaN" NaNUnfixed
# inside the domain: y = 1 (acos(0.5) >= 0) and y = asin(0.5) = pi/6
(cd "$D" && ./Acos -r=a.csv >/dev/null 2>&1) && [ "$(last a.csv y)" = 1 ] || { echo "FAIL: Acos with c = 0.5"; st=1; }
if (cd "$D" && ./AsinFunction -r=f.csv >/dev/null 2>&1); then
    awk -v y="$(last f.csv y)" 'BEGIN { exit !((y - atan2(1, 0) / 3) ^ 2 < 1e-28) }' || { echo "FAIL: AsinFunction: y = $(last f.csv y)"; st=1; }
else
    echo "FAIL: AsinFunction with c = 0.5 failed"; st=1
fi
exit $st
