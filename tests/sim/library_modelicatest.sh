#!/usr/bin/env bash
# Every class of the MSL 4.0.0's ModelicaTest with an experiment annotation (the library's own test
# models: 579 of them) passes mo2c --flat, except those listed with their first error in
# tests/library/modelicatest_failures.tsv: a crash, a new failure or a listed case that now passes fails
# the test, so the count cannot fall back unnoticed. About 15 s of CPU. Skipped without ../shared.
[ -n "$SHARED" ] && [ -d "$SHARED/msl/4.0.0/ModelicaTest" ] || { echo "no ../shared/msl/4.0.0/ModelicaTest"; exit 77; }
res=$OUT/modelicatest.tsv
MSL=$SHARED/msl/4.0.0 tests/library/msl_flat.sh --experiment "$res" ModelicaTest || exit 1
echo "walked: $(tests/library/sample.sh says)"
status=0
if grep -P '\tcrash' "$res"; then echo "FAIL: crashes above"; status=1; fi
n=$(cat "$res.all"); [ "$n" -ge 570 ] || { echo "FAIL: only $n classes found"; status=1; }
tests/library/expect.sh "$res" tests/library/modelicatest_failures.tsv 2 ok 0 - sampled || status=1
exit $status
