#!/usr/bin/env bash
# A library reference perturbed by 1 % fails `mo2c regress`: one model per kind of reference (closed
# form: FreeRotor; matrix exponential across a step: TwoInertiasWithGear; rk8pd of a nonlinear balance:
# RadiationConvection), each with one signal scaled by 1.01 in a scratch copy of its reference. Each
# model must FAIL naming that signal.
set -u
: "${MO2C:=$PWD/build/mo2c}" "${OUT:=$PWD/tests/out}"
D=$OUT/lib_perturbed
rm -rf "$D"; mkdir -p "$D"
R=tests/regression
cases=("Modelica.Mechanics.Rotational.Examples.FreeRotor rotor.phi"
       "Modelica.Mechanics.Rotational.Examples.TwoInertiasWithGear inertia2.phi"
       "Modelica.Thermal.HeatTransfer.Examples.RadiationConvection body.T")
for c in "${cases[@]}"; do
    read -r m sig <<<"$c"
    rel=${m//.//}; base=${m##*.}
    mkdir -p "$D/lay/$rel"
    cp "$R/$rel/comparisonSignals.txt" "$D/lay/$rel/"
    python3 - "$R/$rel/$base.csv" "$D/lay/$rel/$base.csv" "$sig" <<'PY' || exit 1
import csv, sys
src, dst, sig = sys.argv[1:]
rows = list(csv.reader(open(src)))
j = rows[0].index(sig)
with open(dst, "w") as f:
    f.write(",".join('"%s"' % h for h in rows[0]) + "\n")
    for r in rows[1:]:
        r[j] = repr(float(r[j]) * 1.01)
        f.write(",".join(r) + "\n")
PY
done
out=$("$MO2C" regress "$D/lay" -j 2 2>&1); rc=$?
echo "$out"
status=0
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, expected 1"; status=1; }
for c in "${cases[@]}"; do
    read -r m sig <<<"$c"
    line=$(grep "^FAIL    $m: " <<<"$out")
    [ -n "$line" ] || { echo "FAIL: $m did not fail"; status=1; continue; }
    grep -qF "$sig" <<<"$line" || { echo "FAIL: $m's failure does not name $sig: $line"; status=1; }
done
tail -1 <<<"$out" | grep -qx "0 passed, 3 failed" || { echo "FAIL: summary line"; status=1; }
exit $status
