#!/usr/bin/env bash
# mo2c regress over the MAP-LIB reference results (../shared/maplib) with the MSL 4.0.0 (tolerance 0.002):
# every model passes except those listed with their reason in tests/library/maplib_failures.tsv.
# Skipped without ../shared. Under the sanitized compiler (make test DEBUG=1) the models are compiled to C
# only.
[ -n "$SHARED" ] && [ -d "$SHARED/maplib" ] && [ -d "$SHARED/msl/4.0.0" ] || { echo "no ../shared/maplib"; exit 77; }
log=$OUT/maplib.log
if [ -n "${MO2C_SANITIZED:-}" ]; then
    # the sanitized compiler (tests/run.sh, make test DEBUG=1): every model is compiled to C only (the
    # references are the plain run's question); a sanitizer report (status 86) or a crash fails, and a
    # model not listed must compile
    one() {
        err=$("$MO2C" -L "$MSL" "$1" --emit-c -o "$OUT/c/${1//./_}.c" 2>&1); rc=$?
        case $rc in 0) printf 'PASS\t%s\t\n' "$1" ;;
                    1) printf 'FAIL\t%s\t%s\n' "$1" "$(grep -m1 error <<<"$err" | tr '\t' ' ')" ;;
                    *) printf 'CRASH(%s)\t%s\t%s\n' "$rc" "$1" "$(head -3 <<<"$err" | tr '\t\n' '  ')" ;; esac
    }
    export -f one; export MO2C OUT MSL=$SHARED/msl/4.0.0
    mkdir -p "$OUT/c"
    find "$SHARED/maplib" -name comparisonSignals.txt | sed -E "s|^$SHARED/maplib/||; s|/comparisonSignals.txt$||; s|/|.|g" |
        sort | xargs -P "$(nproc)" -I{} bash -c 'one "$1"' _ {} > "$OUT/maplib.tsv"
    rm -rf "$OUT/c"
    if grep '^CRASH' "$OUT/maplib.tsv"; then echo "FAIL: crashes above"; exit 1; fi
    n=$(wc -l < "$OUT/maplib.tsv"); [ "$n" -ge 100 ] || { echo "FAIL: only $n models"; exit 1; }
    exec tests/library/expect.sh "$OUT/maplib.tsv" tests/library/maplib_failures.tsv 2 PASS 0 -
fi
"$MO2C" regress "$SHARED/maplib" -L "$SHARED/msl/4.0.0" --timeout 120 > "$log" 2>&1
rc=$?
[ $rc -le 1 ] || { echo "FAIL: mo2c regress exited $rc"; tail "$log"; exit 1; }
# "PASS    Model: detail" / "FAIL    Model: detail" -> status, model, detail
sed -nE 's/^(PASS|FAIL) +([^:]+): ?(.*)$/\1\t\2\t\3/p' "$log" > "$OUT/maplib.tsv"
n=$(wc -l < "$OUT/maplib.tsv"); [ "$n" -ge 100 ] || { echo "FAIL: only $n models"; exit 1; }
tests/library/expect.sh "$OUT/maplib.tsv" tests/library/maplib_failures.tsv 2 PASS 0 -
