#!/usr/bin/env bash
# mo2c regress over the MAP-LIB reference results (../shared/maplib) with the MSL 4.0.0 (tolerance 0.002):
# every model passes except those listed with their reason in tests/library/maplib_failures.tsv.
# Skipped without ../shared.
[ -n "$SHARED" ] && [ -d "$SHARED/maplib" ] && [ -d "$SHARED/msl/4.0.0" ] || { echo "no ../shared/maplib"; exit 77; }
log=$OUT/maplib.log
"$MO2C" regress "$SHARED/maplib" -L "$SHARED/msl/4.0.0" --timeout 120 > "$log" 2>&1
rc=$?
[ $rc -le 1 ] || { echo "FAIL: mo2c regress exited $rc"; tail "$log"; exit 1; }
# "PASS    Model: detail" / "FAIL    Model: detail" -> status, model, detail
sed -nE 's/^(PASS|FAIL) +([^:]+): ?(.*)$/\1\t\2\t\3/p' "$log" > "$OUT/maplib.tsv"
n=$(wc -l < "$OUT/maplib.tsv"); [ "$n" -ge 100 ] || { echo "FAIL: only $n models"; exit 1; }
tests/library/expect.sh "$OUT/maplib.tsv" tests/library/maplib_failures.tsv 2 PASS 0 -
