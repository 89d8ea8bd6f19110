#!/usr/bin/env bash
# mo2c regress over the project's own examples (tests/regression, sources in the bundled models/ and
# tests/models) passes: exit 0, a PASS line for every model (among them the three of tests/ref's
# generators), the summary line, a well-formed JUnit file with no failure, and a report.
set -u
: "${MO2C:=$PWD/build/mo2c}" "${OUT:=$PWD/tests/out}"
D=$OUT/regress_pass
rm -rf "$D"; mkdir -p "$D"
out=$("$MO2C" regress tests/regression -L tests/models -j 2 --junit "$D/junit.xml" --report "$D/report.md"); rc=$?
echo "$out"
status=0
[ $rc -eq 0 ] || { echo "FAIL: exit $rc, expected 0"; status=1; }
# the batch: every reference directory (the library's examples included), found here independently
mapfile -t models < <(find tests/regression -name comparisonSignals.txt -printf '%h\n' | sed 's|^tests/regression/||; s|/|.|g' | LC_ALL=C sort)
n=${#models[@]}
for m in ModelicaByExample.Components.Rotational.Examples.SMD Pendulum VerboseSMD; do
    printf '%s\n' "${models[@]}" | grep -qxF "$m" || { echo "FAIL: $m missing from tests/regression"; status=1; }
done
for m in "${models[@]}"; do
    grep -q "^PASS    $m: " <<<"$out" || { echo "FAIL: no PASS line for $m"; status=1; }
done
tail -1 <<<"$out" | grep -qx "$n passed, 0 failed" || { echo "FAIL: summary line"; status=1; }
# how close a signal came to its tube is a share of the half-height, never negative
! grep -qE -- "closest [^,]*, -[0-9]" <<<"$out" || { echo "FAIL: a negative percentage: $(grep -E 'closest [^,]*, -' <<<"$out")"; status=1; }
python3 - "$D/junit.xml" "${models[@]}" <<'PY' || status=1
import sys, xml.etree.ElementTree as ET
s = ET.parse(sys.argv[1]).getroot().find("testsuite")
n = len(sys.argv) - 2
assert s.get("tests") == str(n) and s.get("failures") == "0", s.attrib
assert [c.get("name") for c in s.findall("testcase")] == sys.argv[2:]
print(f"ok   junit: {n} testcases, 0 failures")
PY
grep -q "^$n passed, 0 failed" "$D/report.md" || { echo "FAIL: report summary"; status=1; }
exit $status
