#!/usr/bin/env bash
# A long operator chain, as tools write them (der(x) = 1*time + 2*time + ... with 20000 terms), parses,
# compiles and simulates: x(1) = S/2 with S the sum of the coefficients. Guards the tree-height limit,
# the large compiler stack (main.c) and linear time on long chains (a quadratic walk made this minutes).
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/long_sum; rm -rf "$D"; mkdir -p "$D"
awk 'BEGIN { printf "model LongSum\n  Real x(start = 0, fixed = true);\nequation\n  der(x) = ";
             for (i = 0; i < 20000; i++) printf "%s%d*time", (i ? " + " : ""), i % 7 + 1;
             printf ";\nend LongSum;\n" }' > "$D/LongSum.mo"
S=$(awk 'BEGIN { for (i = 0; i < 20000; i++) s += i % 7 + 1; print s }')
"$MO2C" "$D/LongSum.mo" -o "$D/LongSum" || { echo "FAIL: compile"; exit 1; }
(cd "$D" && ./LongSum -r=res.csv > /dev/null) || { echo "FAIL: simulate"; exit 1; }
awk -F, -v S="$S" 'END { want = S / 2; d = $2 - want; if (d < 0) d = -d;
    if (d > 1e-6 * want) { printf "FAIL: x(1) = %.17g, expected %.17g\n", $2, want; exit 1 } }' "$D/res.csv"
