#!/usr/bin/env bash
# String variables known only at run time (tests/models/StringVariables.mo), built where they are read:
# k = floor(t) + 1 (a sample every second from t = 0), so between events isTwo = tb = uOk = (k == 2),
# tOk = (k != 2), cOk = (k == 3), y = 10 when k == 2 else 0 (closed forms, written by awk here), at every
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
  chk("y", k == 2 ? 10 : 0); n++ }
END { if (n < 11 || !col["cOk"]) { print "FAIL: " n " rows"; bad = 1 } if (!bad) print "ok   " n " rows of StringVariables.Main as their closed forms"; exit bad }' "$D/res.csv" || status=1
out=$(cd "$D" && ./Main -stopTime=3.5 -r=res2.csv 2>&1); rc=$?
want='error: at time 3: assertion failed: k reached many at t=3 <4>'
if [ $rc -ne 1 ] || ! grep -qxF "$want" <<<"$out"; then
    echo "FAIL the assert: exit $rc, expected 1 and: $want"; echo "$out"; status=1
fi
"$MO2C" tests/models/StringVariables.mo StringVariables.Main --emit-c -o "$D/Main.c" || exit 1
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/Main.o" "$D/Main.c" || status=1
exit $status
