#!/usr/bin/env bash
# The unit check finds nothing in the MSL 4.0.0's examples that mo2c flattens, except the library's own
# inconsistencies listed with their first finding in tests/library/units_findings.tsv (README: "Units").
# A new finding fails the test until it is looked at: a false alarm is a bug of the checker, a real
# inconsistency goes on the list (tests/library/update.sh). Skipped without ../shared.
[ -n "$SHARED" ] && [ -d "$SHARED/msl/4.0.0/Modelica" ] || { echo "no ../shared/msl/4.0.0"; exit 77; }
res=$OUT/msl_units.tsv
MSL=$SHARED/msl/4.0.0 tests/library/msl_units.sh "$res" || exit 1
echo "walked: $(tests/library/sample.sh says)"
status=0
# how many flattened (the sanitized run: its share of them, tests/library/sample.sh)
need=$(tests/library/sample.sh part 150)
if grep '^crash' "$res"; then echo "FAIL: the compiler crashed, or a sanitizer reported, on the examples above"; status=1; fi
n=$(grep -vc '^crash' "$res"); [ "$n" -ge "$need" ] || { echo "FAIL: only $n examples flattened (of $(cat "$res.all") found)"; status=1; }
grep -v '^crash' "$res" > "$res.ok"; mv "$res.ok" "$res"
tests/library/expect.sh "$res" tests/library/units_findings.tsv 2 ok 0 - sampled || status=1
exit $status
