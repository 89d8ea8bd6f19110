#!/usr/bin/env bash
# assert() and terminate() at run time (tests/models/EventsMessages.mo): a failing assert stops the run
# with its message and time (exit 1, the rows before it kept), AssertionLevel.warning only warns (once,
# when it becomes violated), terminate() ends the run successfully at its event with the message, and an
# assert inside a when-clause is checked when the clause fires.
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/events_messages
rm -rf "$D"; mkdir -p "$D"
F=tests/models/EventsMessages.mo
status=0
fail() { echo "FAIL: $*"; status=1; }
run() { # model args... : sets out (stdout+stderr) and rc
    "$MO2C" "$F" "EventsMessages.$1" -o "$D/$1" || { fail "mo2c $1"; out=; rc=99; return; }
    local m=$1; shift
    out=$(cd "$D" && "./$m" "$@" 2>&1); rc=$?
}
run AssertFails -r=res.csv
[ $rc = 1 ] || fail "AssertFails: exit $rc, expected 1"
[ "$out" = "error: at time 0.5: assertion failed: x reached 0.5 (limit 0.5)" ] || fail "AssertFails said: $out"
[ "$(tail -1 "$D/res.csv")" = "0.498,0.498" ] || fail "AssertFails: last row $(tail -1 "$D/res.csv")"

run AssertWarns -r=res.csv
[ $rc = 0 ] || fail "AssertWarns: exit $rc"
n=$(grep -c 'warning: at time 0.694[0-9]*: assertion failed: y fell below 0.5' <<<"$out")
[ "$n" = 1 ] || fail "AssertWarns: $n warnings, expected one at the first step after ln 2: $out"
grep -qx 'The simulation finished successfully.' <<<"$out" || fail "AssertWarns: no success line"
[ "$(tail -1 "$D/res.csv" | cut -d, -f1)" = 1 ] || fail "AssertWarns: the run did not reach the stop time"

run Terminates -r=res.csv
[ $rc = 0 ] || fail "Terminates: exit $rc"
grep -qE '^The simulation was terminated at time 0\.(3|29999999999999|30000000000000)[0-9]*: y reached 0\.3$' <<<"$out" \
    || fail "Terminates said: $out"
grep -qx 'The simulation finished successfully.' <<<"$out" || fail "Terminates: no success line"
last=$(tail -1 "$D/res.csv" | cut -d, -f1)
awk -v t="$last" 'BEGIN { exit !(t > 0.3 - 1e-9 && t < 0.3 + 1e-9) }' || fail "Terminates: the result ends at $last, not 0.3"

run AssertInWhen -r=res.csv
[ $rc = 1 ] || fail "AssertInWhen: exit $rc, expected 1"
[ "$out" = "error: at time 0.4: assertion failed: too many samples" ] || fail "AssertInWhen said: $out"
exit $status
