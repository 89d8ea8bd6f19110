#!/usr/bin/env bash
# Every example of the MSL 4.0.0's Mechanics.MultiBody (as tests/sim/library_msl_examples.sh does for its
# six packages: compiled by its dotted name alone, its simulator run to the experiment's stop time)
# passes, except those listed with their first error in tests/library/multibody_failures.tsv; no case
# crashes mo2c or its simulator. No reference: tests/sim/multibody.sh compares Pendulum with an
# independent integration. Skipped without ../shared.
[ -n "$SHARED" ] && [ -d "$SHARED/msl/4.0.0/Modelica" ] || { echo "no ../shared/msl/4.0.0"; exit 77; }
res=$OUT/multibody_examples.tsv
echo "walked: $(tests/library/sample.sh says)"
MSL=$SHARED/msl/4.0.0 tests/library/msl_examples.sh "$res" Modelica.Mechanics.MultiBody || exit 1
status=0
if grep -P '^(comp|run)crash' "$res"; then echo "FAIL: crashes above"; status=1; fi
n=$(cat "$res.all"); [ "$n" -ge 40 ] || { echo "FAIL: only $n examples found"; status=1; }
tests/library/expect.sh "$res" tests/library/multibody_failures.tsv 2 ok 0 - sampled || status=1
echo "MultiBody: $(grep -c '^ok' "$res") of $(wc -l < "$res") examples walked ($n found) ok (run to their stop time; compiled, under the sanitizers)"
exit $status
