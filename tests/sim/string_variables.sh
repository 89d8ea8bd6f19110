#!/usr/bin/env bash
# String variables known only at run time (tests/models/StringVariables.mo), built where they are read:
# k = floor(t) + 1 (a sample every second from t = 0), so between events isTwo = tb = uOk = (k == 2),
# tOk = (k != 2), cOk = (k == 3), y = 10 when k == 2 else 0, and the orderings (byte order) sLt =
# ("many" < "one") = (k == 3), sGe = (s >= "two") = (k == 2), uLe = (u <= "1") = (k != 2) (closed forms,
# written by awk here), at every
# output point of a run to t = 2.5 that does not reach the assert; a run to t = 3.5 fails the assert at
# t = 3 with the message built then, word for word; the C compiles warning-free (-Werror).
source tests/ref/lib.sh
D=$OUT/string_variables
rm -rf "$D"; mkdir -p "$D"
status=0
"$MO2C" tests/models/StringVariables.mo StringVariables.Main -o "$D/Main" || exit 1
simulate "$D" Main -stopTime=2.5 -stepSize=0.25 -r=res.csv || exit 1
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; gsub(/"/, "", h); col[h] = i }; next }
function chk(name, want) { if ($col[name] != want) { printf "FAIL %s = %s at t = %g (k = %s), want %s\n", name, $col[name], $1, $col["k"], want; bad = 1 } }
{ k = $col["k"]; t = $1
  # at an event time the row before the event has the old k, the row after it the new one
  if (k != int(t) + 1 && !(t == int(t) && k == int(t))) { print "FAIL k = " k " at t = " t; bad = 1 }
  chk("isTwo", k == 2); chk("tb", k == 2); chk("uOk", k == 2); chk("tOk", k != 2); chk("cOk", k == 3)
  chk("sLt", k == 3); chk("sGe", k == 2); chk("uLe", k != 2)
  chk("y", k == 2 ? 10 : 0); n++ }
END { if (n < 11 || !col["cOk"]) { print "FAIL: " n " rows"; bad = 1 } if (!bad) print "ok   " n " rows of StringVariables.Main as their closed forms"; exit bad }' "$D/res.csv" || status=1
out=$(cd "$D" && ./Main -stopTime=3.5 -r=res2.csv 2>&1); rc=$?
want='error: at time 3: assertion failed: k reached many at t=3 <4>'
if [ $rc -ne 1 ] || ! grep -qxF "$want" <<<"$out"; then
    echo "FAIL the assert: exit $rc, expected 1 and: $want"; echo "$out"; status=1
fi
"$MO2C" tests/models/StringVariables.mo StringVariables.Main --emit-c -o "$D/Main.c" || exit 1
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/Main.o" "$D/Main.c" || status=1
# Discrete: mode toggles off -> on -> off -> on at t = 0.5, 1.5, 2.5 (sample(0.5, 1)), so isOn holds on
# [0.5, 1.5) and from 2.5, x = the time spent on (0, t - 0.5, 1, 1 + t - 2.5), changes counts the events
# (mode <> pre(mode)); to t = 2.6 no assert fails; to t = 3 the assert's message shows mode and last.
"$MO2C" tests/models/StringVariables.mo StringVariables.Discrete -o "$D/Discrete" || exit 1
simulate "$D" Discrete -stopTime=2.6 -stepSize=0.1 -r=disc.csv || exit 1
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; gsub(/"/, "", h); col[h] = i }; next }
{ t = $1; c = $col["changes"]
  # at an event time the row before the event has the old values, the row after it the new ones
  on = c == 1 || c == 3; want = t < 0.5 - 1e-9 ? 0 : t < 1.5 - 1e-9 ? 1 : t < 2.5 - 1e-9 ? 2 : 3
  if (c != want && !(c == want - 1 && (t - 0.5 - int(t - 0.5) < 1e-9))) { print "FAIL changes = " c " at t = " t; bad = 1 }
  if ($col["isOn"] != on) { print "FAIL isOn = " $col["isOn"] " at t = " t " (changes " c ")"; bad = 1 }
  x = t < 0.5 ? 0 : t < 1.5 ? t - 0.5 : t < 2.5 ? 1 : 1 + t - 2.5
  d = $col["x"] - x; if (d < 0) d = -d; if (d > 1e-6) { print "FAIL x = " $col["x"] " at t = " t ", want " x; bad = 1 }
  n++ }
END { if (n < 27) { print "FAIL: " n " rows"; bad = 1 } if (!bad) print "ok   " n " rows of StringVariables.Discrete as their closed forms"; exit bad }' "$D/disc.csv" || status=1
out=$(cd "$D" && ./Discrete -stopTime=3 -r=disc2.csv 2>&1); rc=$?
if [ $rc -ne 1 ] || ! grep -qE '^error: at time 2\.[7-9][0-9]*: assertion failed: mode on last off$' <<<"$out"; then
    echo "FAIL Discrete's assert: exit $rc"; echo "$out"; status=1
fi
exit $status
