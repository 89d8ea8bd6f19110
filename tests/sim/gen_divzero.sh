#!/usr/bin/env bash
# A checked division: with the default p = 2 the run succeeds and y = x / (p - 1) = exp(-t); with
# -override=p=1 it stops with a non-zero status and a message naming the equation's file and line.
set -eu
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
dir=$OUT/gen_divzero
rm -rf "$dir"; mkdir -p "$dir"
"$MO2C" tests/sim/gen/DivZero.mo -o "$dir/DivZero"
(cd "$dir" && ./DivZero -outputFormat=csv -r=ok.csv) > "$dir/ok.log"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "\"y\"") c = i; next }
         { e = $c - exp(-$1); if (e < 0) e = -e; if (e > m) m = e; n++ }
         END { if (!c || n < 100 || m > 1e-5) { print "y column " c ", rows " n ", max error " m; exit 1 } }' "$dir/ok.csv"
if (cd "$dir" && ./DivZero -override=p=1 -outputFormat=csv -r=bad.csv) > "$dir/bad.log" 2>&1; then
    echo "the run with a zero divisor succeeded"; cat "$dir/bad.log"; exit 1
fi
grep -q 'equation DivZero.mo:8: ' "$dir/bad.log" || { echo "message does not name the equation:"; cat "$dir/bad.log"; exit 1; }
