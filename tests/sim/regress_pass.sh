#!/usr/bin/env bash
# mo2c regress over the project's own examples (tests/regression, sources in the bundled models/ and
# tests/models) passes: exit 0, one PASS line per model, the summary line, a well-formed JUnit file with
# no failure, and a report.
set -u
: "${MO2C:=$PWD/build/mo2c}" "${OUT:=$PWD/tests/out}"
D=$OUT/regress_pass
rm -rf "$D"; mkdir -p "$D"
out=$("$MO2C" regress tests/regression -L tests/models -j 2 --junit "$D/junit.xml" --report "$D/report.md"); rc=$?
echo "$out"
status=0
[ $rc -eq 0 ] || { echo "FAIL: exit $rc, expected 0"; status=1; }
for m in ModelicaByExample.Components.Rotational.Examples.SMD Pendulum VerboseSMD; do
    grep -q "^PASS    $m: " <<<"$out" || { echo "FAIL: no PASS line for $m"; status=1; }
done
tail -1 <<<"$out" | grep -qx "3 passed, 0 failed" || { echo "FAIL: summary line"; status=1; }
python3 - "$D/junit.xml" <<'PY' || status=1
import sys, xml.etree.ElementTree as ET
s = ET.parse(sys.argv[1]).getroot().find("testsuite")
assert s.get("tests") == "3" and s.get("failures") == "0", s.attrib
assert [c.get("name") for c in s.findall("testcase")] == [
    "ModelicaByExample.Components.Rotational.Examples.SMD", "Pendulum", "VerboseSMD"]
print("ok   junit: 3 testcases, 0 failures")
PY
grep -q "^3 passed, 0 failed" "$D/report.md" || { echo "FAIL: report summary"; status=1; }
exit $status
