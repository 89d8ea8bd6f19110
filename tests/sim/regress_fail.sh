#!/usr/bin/env bash
# mo2c regress catches what it must: a reference perturbed by 1 % (the failing signal is named), a
# signal missing from the result, a result that ends before the reference; the report plots the failing
# signal; the references are left alone without --update, and --update writes a new one (then passes).
set -u
: "${MO2C:=$PWD/build/mo2c}" "${OUT:=$PWD/tests/out}"
D=$OUT/regress_fail
rm -rf "$D"; mkdir -p "$D"
cp -r tests/regression "$D/lay"
rm -f "$D/lay/README.md"
rm -rf "$D/lay/Modelica" # the library's examples: their perturbation is tests/sim/lib_perturbed.sh's
SMD=$D/lay/ModelicaByExample/Components/Rotational/Examples/SMD
# 1 % more inertia1.w (column 3)
awk -F, 'NR == 1 { print; next } { $3 = $3 * 1.01 } 1' OFS=, tests/regression/${SMD#$D/lay/}/SMD.csv > "$SMD/SMD.csv"
# VerboseSMD: the reference gains a signal the model does not have
V=$D/lay/VerboseSMD
awk -F, 'NR == 1 { print $0 ",\"inertia1.nosuch\""; next } { print $0 "," $2 }' \
    tests/regression/VerboseSMD/VerboseSMD.csv > "$V/VerboseSMD.csv"
echo inertia1.nosuch >> "$V/comparisonSignals.txt"
# Pendulum: the reference goes on to t = 10.5 (the model stops at 10)
P=$D/lay/Pendulum
tail -1 "$P/Pendulum.csv" | awk -F, '{ $1 = 10.5 } 1' OFS=, >> "$P/Pendulum.csv"
before=$(md5sum "$SMD/SMD.csv" "$V/VerboseSMD.csv" "$P/Pendulum.csv")
out=$("$MO2C" regress "$D/lay" -L tests/models --report "$D/report.html" --junit "$D/junit.xml"); rc=$?
echo "$out"
status=0
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, expected 1"; status=1; }
want=("FAIL    ModelicaByExample.Components.Rotational.Examples.SMD: inertia1.w outside the tube by "
      "FAIL    VerboseSMD: signal inertia1.nosuch missing from the result"
      "FAIL    Pendulum: x: the result ends early, at t=10 (reference: t=10.5); 4 of 4 signals fail"
      "0 passed, 3 failed")
for w in "${want[@]}"; do grep -qF -- "$w" <<<"$out" || { echo "FAIL: missing line: $w"; status=1; }; done
[ "$(md5sum "$SMD/SMD.csv" "$V/VerboseSMD.csv" "$P/Pendulum.csv")" = "$before" ] \
    || { echo "FAIL: references changed without --update"; status=1; }
grep -q "<svg" "$D/report.html" && grep -q "inertia1.w near t=" "$D/report.html" \
    || { echo "FAIL: no plot of inertia1.w in the report"; status=1; }
# the plots have axes with ticks, a grid and a legend (plot.c)
python3 - "$D/report.html" <<'PY' || { echo "FAIL: the report's plots"; status=1; }
import re, sys, xml.etree.ElementTree as ET
svgs = re.findall(r"<svg.*?</svg>", open(sys.argv[1]).read(), re.S)
assert svgs, "no svg"
for svg in svgs:
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    groups = {g.get("class"): g for g in root.iter(ns + "g")}
    legend = [t.text for t in groups["legend"].iter(ns + "text")]
    assert legend == ["reference", "tube: upper bound", "tube: lower bound", "result"], legend
    assert len(list(groups["ticks"].iter(ns + "text"))) >= 6 and len(list(groups["grid"].iter(ns + "line"))) >= 6
    assert any(t.get("class") == "xlabel" and t.text == "time [s]" for t in root.iter(ns + "text"))
PY

python3 -c "import sys, xml.etree.ElementTree as E; s = E.parse(sys.argv[1]).getroot().find('testsuite'); \
assert s.get('failures') == '3', s.attrib" "$D/junit.xml" || { echo "FAIL: junit"; status=1; }
# --update rewrites the SMD reference from the result; afterwards it passes again
rm -rf "$D/lay/VerboseSMD" "$D/lay/Pendulum"
out=$("$MO2C" regress "$D/lay" --update); rc=$?
echo "$out"
grep -qF "UPDATED ModelicaByExample.Components.Rotational.Examples.SMD: wrote $SMD/SMD.csv (" <<<"$out" && [ $rc -eq 0 ] \
    || { echo "FAIL: --update (exit $rc)"; status=1; }
head -1 "$SMD/SMD.csv" | grep -qx '"time","inertia1.phi","inertia1.w","inertia2.phi","inertia2.w"' \
    || { echo "FAIL: updated header: $(head -1 "$SMD/SMD.csv")"; status=1; }
"$MO2C" regress "$D/lay" | grep -q "^1 passed, 0 failed" || { echo "FAIL: updated reference does not pass"; status=1; }
exit $status
