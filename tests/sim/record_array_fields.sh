#!/usr/bin/env bash
# Records with array fields in functions end to end (tests/models/RecordArrayFields.mo): rotations
# about z built, composed, copied and applied by functions taking and returning records with a 3x3 and
# a 3-vector field, a state driven by one, a polynomial record whose coefficient field is sized by
# another field. Against closed forms (computed here with awk) within 1e-8: R1 rotates by t, R2 = R1 R1
# by 2t (trace 2 cos 2t + 1, angular velocity {0, 0, 2}), v = R1^T {1, 0, 0} = {cos t, sin t, 0},
# x' = -cos(t) x: x = exp(-sin t), y = 1 + 2t + 3t^2, qs = 1 (the default {0, 0, 0, 1}).
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/record_array_fields
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/RecordArrayFields.mo RecordArrayFields.Test -o "$D/Test" || { echo "mo2c failed"; exit 1; }
simulate "$D" Test -tolerance=1e-10 -outputFormat=csv -r=res.csv || exit 1
sig=('R0.T[1,1]' 'R0.T[1,2]' 'R1.T[2,1]' 'R2.T[1,2]' 'R2.w[3]' 'R3.T[1,1]' 'R3.w[1]' 'R3.w[3]' 'v[1]' 'v[2]' 'v[3]' tr x y qs)
awk -v cols="$(printf ',"%s"' "${sig[@]}")" 'BEGIN {
    print "\"time\"" cols
    for (k = 0; k <= 500; k++) {
        t = k * 0.004
        printf "%.10g,1,0,%.15g,%.15g,2,%.15g,5,2,%.15g,%.15g,0,%.15g,%.15g,%.15g,1\n", t, -sin(t), sin(2 * t),
            cos(2 * t), cos(t), sin(t), 2 * cos(2 * t) + 1, exp(-sin(t)), 1 + 2 * t + 3 * t * t
    }
}' > "$D/ref.csv"
"$REFBIN/csvcmp" --abs 1e-8 "$D/ref.csv" "$D/res.csv" "${sig[@]}"
