#!/usr/bin/env bash
# The examples of MSL 4.0.0 packages beyond those that library_msl_examples.sh walks, as it walks its
# packages: each compiled by its dotted name alone and its simulator run to the experiment's stop time
# (tests/library/msl_examples.sh). The packages whose examples are cheap enough for every run (about 35 s
# of CPU in all, 2026-11-27): Electrical.Digital (23, the nine-valued logic: tables, delays, tristates,
# WiredX's discrete aliases with different fixed starts), Electrical.Polyphase (5), ComplexBlocks (2),
# StateGraph (7), Math (4) and Utilities (3: Streams, Strings, files). Every one passes except those
# listed with their first error in tests/library/beyond_failures.tsv; no case crashes mo2c or its
# simulator. The other packages' walks take minutes (the README's "Beyond those packages" counts them).
# No reference: whether a result is right is the question of tests such as discrete_alias_starts.sh.
# Skipped without ../shared.
[ -n "$SHARED" ] && [ -d "$SHARED/msl/4.0.0/Modelica" ] || { echo "no ../shared/msl/4.0.0"; exit 77; }
res=$OUT/library_beyond.tsv
M=Modelica
echo "walked: $(tests/library/sample.sh says)"
MSL=$SHARED/msl/4.0.0 tests/library/msl_examples.sh "$res" $M.Electrical.Digital $M.Electrical.Polyphase \
    $M.ComplexBlocks $M.StateGraph $M.Math $M.Utilities || exit 1
status=0
if grep -P '^(comp|run)crash' "$res"; then echo "FAIL: crashes above"; status=1; fi
n=$(cat "$res.all"); [ "$n" -ge 44 ] || { echo "FAIL: only $n examples found"; status=1; }
tests/library/expect.sh "$res" tests/library/beyond_failures.tsv 2 ok 0 - sampled || status=1
echo "beyond: $(grep -c '^ok' "$res") of $(wc -l < "$res") examples walked ($n found) ok (run to their stop time; compiled, under the sanitizers)"
exit $status
