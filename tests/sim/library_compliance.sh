#!/usr/bin/env bash
# The compliance suite (../shared/compliance): every should-pass case compiles and simulates with its
# asserts holding, and every should-fail case is rejected, except those listed with their reason in
# tests/library/compliance_failures.tsv (the README's list; a should-fail case listed there as "accepted:"
# carries the argument, with the 3.6 spec's sections, that it is valid); no case crashes mo2c or its
# simulator. Skipped without ../shared.
[ -n "$SHARED" ] && [ -d "$SHARED/compliance/ModelicaCompliance" ] || { echo "no ../shared/compliance"; exit 77; }
res=$OUT/compliance.tsv
COMPLIANCE=$SHARED/compliance tests/library/compliance.sh "$res" || exit 1
echo "walked: $(tests/library/sample.sh says)"
status=0
if grep -P '\t(comp|run)crash' "$res"; then echo "FAIL: crashes above"; status=1; fi
# one verdict a case: a should-pass case passes when it ran ("ok"), a should-fail case when it was refused
# (the sanitized compiler's walk only compiles: a should-fail case that compiles may be refused by its run)
awk -F'\t' -v OFS='\t' -v c="${MO2C_SANITIZED:-}" '{ print ((($1 == "true") == ($2 == "ok")) || (c != "" && $2 == "ok") ? "pass" : "fail"), $3, $1, $2, $4 }' "$res" > "$res.verdict"
tests/library/expect.sh "$res.verdict" tests/library/compliance_failures.tsv 2 pass 0 - sampled || status=1
echo "should-fail cases rejected: $(awk -F'\t' '$1 == "false" && $2 != "ok"' "$res" | wc -l) of $(grep -c '^false' "$res")"
exit $status
