#!/usr/bin/env bash
# tests/models/FunctionConstSize.mo: an input declared v[m] with m a protected constant of the function.
#   Ok   a vector of 3 passes the check (it was compared with m = 0, before m had its value): y = 3 + t
#   Bad  a vector of 4 fails it at run time, naming the sizes
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/function_const_size
rm -rf "$D"; mkdir -p "$D"
F=tests/models/FunctionConstSize.mo
status=0
"$MO2C" "$F" FunctionConstSize.Ok -o "$D/ok" || exit 1
(cd "$D" && ./ok -r=ok.csv >ok.out 2>&1) || { echo "Ok: $(cat "$D/ok.out")"; status=1; }
awk -F, 'NR > 1 { e = $2 - 3 - $1; if (e < 0) e = -e; n++
    if (e > 1e-12) { print "Ok: y = " $2 " at t = " $1; exit 1 } }
    END { if (n < 100) { print "Ok: only " n " rows"; exit 1 } }' "$D/ok.csv" || status=1
"$MO2C" "$F" FunctionConstSize.Bad -o "$D/bad" || exit 1
out=$(cd "$D" && ./bad 2>&1) && { echo "Bad: ran through"; status=1; }
grep -qF "error: at time 0: 'v' has size [4], not the declared [3]" <<<"$out" || { echo "Bad said: $out"; status=1; }
exit $status
