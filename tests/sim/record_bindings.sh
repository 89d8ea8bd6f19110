#!/usr/bin/env bash
# Bindings of record variables in functions (tests/models/RecordBindings.mo) against closed forms
# computed here with awk, within 1e-12: y = f(t) = s + c[1].im + c[2].re + r.a + r.b[2] + d.b[1] + e.re - 2
# with c = {Cx(t, 1), Cx(2, t)}, e = c[2], s = c[1].re + e.im = 2t, r = R(t, {t, 2t}), d = R() = R(1,
# {2, 3}): 2t + 1 + 2 + t + 2t + 2 + 2 - 2 = 5 t + 5; z = g(t) = Cx(2 t, -t); w = h(t) with the default
# c = Cx(t, 3): 3 t; w2 = h(t, Cx(1, 2)) = 2.
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/record_bindings
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/RecordBindings.mo RecordBindings.Main -o "$D/Main" || { echo "mo2c failed"; exit 1; }
simulate "$D" Main -outputFormat=csv -r=res.csv || exit 1
awk 'BEGIN {
    print "\"time\",\"y\",\"z.re\",\"z.im\",\"w\",\"w2\""
    for (k = 0; k <= 500; k++) { t = k * 0.002; printf "%.10g,%.15g,%.15g,%.15g,%.15g,2\n", t, 5 * t + 5, 2 * t, -t, 3 * t }
}' > "$D/ref.csv"
"$REFBIN/csvcmp" --abs 1e-12 "$D/ref.csv" "$D/res.csv" y z.re z.im w w2
