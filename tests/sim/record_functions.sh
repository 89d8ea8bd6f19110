#!/usr/bin/env bash
# Records in function bodies (tests/models/RecordFunctions.mo): arrays of records in and out of
# functions, their elements and fields, and an operator record's operators inside functions (14: '+',
# '*' with an exact overload for arrays, unary '-', '==', String(c), a Real converted by the
# constructor), against closed forms computed here with awk, within 1e-12:
#   p = (t + i)(1 + i t) + (2 - i t)(3 + 2i) = 6 + 2t + (t^2 - 3t + 5) i,  q = j (t + 2i) - 1 = -3 + t i,
#   s = 5 + t i,  w = {2t - 2i, 4 - 2t i},  v = {2 - t i, t + i},  k1 = -t - i,
#   k2 = t + i when t > 0.501 else 0.501 + 3i,  t1 = 1, t2 = 0,  sr = 4,
#   sq = re((1 + t i)^2 + (3 + 2i)^2) = 6 - t^2.
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/record_functions
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/RecordFunctions.mo RecordFunctions.Main -o "$D/Main" || { echo "mo2c failed"; exit 1; }
simulate "$D" Main -outputFormat=csv -r=res.csv || exit 1
cols='p.re p.im q.re q.im s.re s.im w[1].re w[1].im w[2].re w[2].im v[1].re v[1].im v[2].re v[2].im k1.re k1.im k2.re k2.im t1 t2 sr sq'
awk -v cols="$cols" 'BEGIN {
    n = split(cols, c, " ")
    printf "\"time\""; for (i = 1; i <= n; i++) printf ",\"%s\"", c[i]; print ""
    for (k = 0; k <= 500; k++) {
        t = k * 0.002
        k2r = t > 0.501 ? t : 0.501; k2i = t > 0.501 ? 1 : 3
        printf "%.10g,%.15g,%.15g,-3,%.15g,5,%.15g,%.15g,-2,4,%.15g,2,%.15g,%.15g,1,%.15g,-1,%.15g,%.15g,1,0,4,%.15g\n",
            t, 6 + 2 * t, t * t - 3 * t + 5, t, t, 2 * t, -2 * t, -t, t, -t, k2r, k2i, 6 - t * t
    }
}' > "$D/ref.csv"
# shellcheck disable=SC2086
"$REFBIN/csvcmp" --abs 1e-12 "$D/ref.csv" "$D/res.csv" $cols
