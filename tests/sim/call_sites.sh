#!/usr/bin/env bash
# (a, b) = f(x) over arrays of N = 300 (tests/models/CallSites.mo): the 600 equations of the elements
# run f once per evaluation (codegen_sites.c), so the C file holds the arguments once (it was 8.5 MB
# of C with 600 calls each printing the 300 arguments; now under 1 MB) and no element wrapper of f or
# h is left in the model's code. Results against closed forms: x_i = exp(-2 i t / N), a = 2 x,
# b = x + 1, p = x_1 + x_N, q = x_1 - x_N.
# The C compiles warning-free (-Wall -Wextra -Wpedantic -Wshadow -Werror).
# CallSites.Loop: a call that explicit equations and an algebraic loop read; the loop's residual, a C
# function of its own, calls it (the C did not compile); y1, y2 against closed forms, z1, z2 against
# the loop's two equations.
source tests/ref/lib.sh
D=$OUT/call_sites
rm -rf "$D"; mkdir -p "$D"
status=0
M=tests/models/CallSites.mo
"$MO2C" $M CallSites.Tuple --emit-c -o "$D/Tuple.c" || { echo "mo2c failed"; exit 1; }
size=$(stat -c %s "$D/Tuple.c")
if [ "$size" -ge 1000000 ]; then echo "FAIL: the C file has $size bytes (expected under 1 MB)"; status=1; fi
n=$(grep -c 'CallSites_[fh]_v(d' "$D/Tuple.c")
[ "$n" = 0 ] || { echo "FAIL: $n element calls of f or h in the model's code (expected none)"; status=1; }
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/Tuple.o" "$D/Tuple.c" || status=1
"$MO2C" $M CallSites.Tuple -o "$D/Tuple" || { echo "mo2c failed"; exit 1; }
simulate "$D" Tuple -stopTime=1 -stepSize=0.01 -tolerance=1e-10 -r=res.csv \
    '-variableFilter=x\[(1|300)\]|a\[(1|7)\]|b\[300\]|p|q' || exit 1
X1='exp(-2 * t / 300)'; XN='exp(-2 * t)'
closed_form "$D/res.csv" 'x[1]' "$X1" 1e-7 || status=1
closed_form "$D/res.csv" 'x[300]' "$XN" 1e-7 || status=1
closed_form "$D/res.csv" 'a[1]' "2 * $X1" 1e-7 || status=1
closed_form "$D/res.csv" 'a[7]' "2 * exp(-14 * t / 300)" 1e-7 || status=1
closed_form "$D/res.csv" 'b[300]' "$XN + 1" 1e-7 || status=1
closed_form "$D/res.csv" p "$X1 + $XN" 1e-7 || status=1
closed_form "$D/res.csv" q "$X1 - $XN" 1e-7 || status=1
"$MO2C" $M CallSites.Loop --emit-c -o "$D/Loop.c" || { echo "mo2c failed"; exit 1; }
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/Loop.o" "$D/Loop.c" || status=1
"$MO2C" $M CallSites.Loop -o "$D/Loop" || { echo "mo2c failed"; exit 1; }
simulate "$D" Loop -stopTime=1 -stepSize=0.01 -tolerance=1e-10 -r=loop.csv || exit 1
closed_form "$D/loop.csv" y1 '2 * sin(2) + 3 * t' 1e-12 || status=1
closed_form "$D/loop.csv" y2 '3 - 2 * sin(2) * t' 1e-12 || status=1
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { z1 = $c["\"z1\""]; z2 = $c["\"z2\""]; r1 = z1 + z2 - 2 * sin(2) - $1; r2 = z1 - sin(z2) - 3
      if (r1 < 0) r1 = -r1; if (r2 < 0) r2 = -r2; if (r1 > 1e-8 || r2 > 1e-8) { printf "FAIL: z1, z2 at t=%s miss the loop by %g, %g\n", $1, r1, r2; exit 1 } }' \
    "$D/loop.csv" || status=1
exit $status
