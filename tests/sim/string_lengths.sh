#!/usr/bin/env bash
# Strings as long as String() asks for (tests/models/StringLengths.mo; the lengths are those of the spec's
# definitions, counted by hand, measured by C's strlen in the model):
#   Lengths       String(2, minimumLength = 300) in a function and in a model at run time: 300 characters
#                 (the runtime capped them at 200); String(true, minimumLength = 600) known when the model is
#                 compiled: 600 (capped at 200); String(1e300, format = ".99f"): 301 digits, the point and
#                 99 decimals = 401, in a function and in a model; -override w=5000: 5000 (a buffer of 512
#                 bytes once);
#   TooLong       minimumLength = 2e7 (more than the 2^24 characters a String may have) known only at run
#                 time: an error naming it, exit 1; TooLongKnown: the same at compile time, located;
#   LongMessage   an assert message longer than the runtime's message buffer ends in " [...]" (it was cut
#                 without a sign).
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/string_lengths
rm -rf "$D"; mkdir -p "$D"
F=tests/models/StringLengths.mo
status=0
fail() { echo "FAIL: $*"; status=1; }
build() { "$MO2C" "$F" "StringLengths.$1" -o "$D/$1" || { fail "mo2c $1"; return 1; }; }
# every row of res.csv (after the header) must read want (the columns after time)
rows() {
    awk -F, -v want="$2" -v what="$1" 'NR > 1 { r = $2; for (i = 3; i <= NF; i++) r = r "," $i
        if (r != want) { print what ": row " NR " is " r ", expected " want; bad = 1; exit } }
        END { if (NR < 2) { print what ": no rows"; bad = 1 }; exit bad }' "$D/res.csv" || status=1
}

if build Lengths; then
    (cd "$D" && ./Lengths -r=res.csv >/dev/null 2>&1) || fail "Lengths: exit $?"
    rows Lengths "300,300,600,401,401"
    (cd "$D" && ./Lengths -override=w=5000 -r=res.csv >/dev/null 2>&1) || fail "Lengths w=5000: exit $?"
    rows "Lengths w=5000" "5000,5000,600,401,401"
fi
if build TooLong; then
    out=$(cd "$D" && ./TooLong -override=w=20000000 2>&1); rc=$?
    [ $rc = 1 ] || fail "TooLong: exit $rc, expected 1"
    [ "$out" = "error: at time 0: String(): minimumLength = 20000000 is more than the 16777216 characters a String may have" ] ||
        fail "TooLong said: $out"
fi
out=$("$MO2C" "$F" StringLengths.TooLongKnown -o "$D/TooLongKnown" 2>&1); rc=$?
[ $rc = 1 ] || fail "TooLongKnown: exit $rc, expected 1"
[ "$(head -1 <<<"$out")" = "$F:35:48: error: String(): minimumLength = 20000000 is more than the 16777216 characters a String may have" ] ||
    fail "TooLongKnown said: $out"
if build LongMessage; then
    out=$(cd "$D" && ./LongMessage 2>&1); rc=$?
    [ $rc = 1 ] || fail "LongMessage: exit $rc, expected 1"
    [[ "$out" == "error: at time 0.5: assertion failed: x is 0.5 "*" [...]" ]] || fail "LongMessage said: ${out:0:80}...${out: -40}"
fi
exit $status
