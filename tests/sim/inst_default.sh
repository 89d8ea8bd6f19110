#!/usr/bin/env bash
# tests/models/InstDefault.mo: a function defined by a short class in a model whose modifier uses the
# model's parameter (function fg = f(k = g)), called by name inside the model and through components
# with different g; an equation with a call of no arguments that index reduction differentiates (its
# derivative is 0). Closed forms (awk) within 1e-8: w1.z = 9, w2.z = 15, a = 3t, b = 5,
# x = exp(-t), z2 = x + 6, v = der(z2) = -exp(-t).
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/inst_default
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/InstDefault.mo -o "$D/InstDefault" || { echo "mo2c failed"; exit 1; }
simulate "$D" InstDefault -tolerance=1e-10 -outputFormat=csv -r=res.csv || exit 1
awk 'BEGIN {
    print "\"time\",\"w1.z\",\"w2.z\",\"a\",\"b\",\"x\",\"z2\",\"v\""
    for (k = 0; k <= 500; k++) {
        t = k * 0.002
        printf "%.10g,9,15,%.15g,5,%.15g,%.15g,%.15g\n", t, 3 * t, exp(-t), exp(-t) + 6, -exp(-t)
    }
}' > "$D/ref.csv"
"$REFBIN/csvcmp" --abs 1e-8 "$D/ref.csv" "$D/res.csv" w1.z w2.z a b x z2 v
