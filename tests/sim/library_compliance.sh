#!/usr/bin/env bash
# The compliance suite (../shared/compliance): every should-pass case compiles and simulates with its
# asserts holding, except those listed with their reason in tests/library/compliance_failures.tsv (the
# README's list); no case crashes mo2c or its simulator. Skipped without ../shared.
[ -n "$SHARED" ] && [ -d "$SHARED/compliance/ModelicaCompliance" ] || { echo "no ../shared/compliance"; exit 77; }
res=$OUT/compliance.tsv
COMPLIANCE=$SHARED/compliance tests/library/compliance.sh "$res" || exit 1
status=0
if grep -P '\t(comp|run)crash' "$res"; then echo "FAIL: crashes above"; status=1; fi
tests/library/expect.sh "$res" tests/library/compliance_failures.tsv 3 ok 1 true || status=1
echo "should-fail cases rejected: $(awk -F'\t' '$1 == "false" && $2 != "ok"' "$res" | wc -l) of $(grep -c '^false' "$res")"
exit $status
