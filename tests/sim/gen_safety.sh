#!/usr/bin/env bash
# Emitted-C safety: a model whose quoted identifiers and descriptions contain comment delimiters, quotes,
# backslashes, trigraph-like "??=" text, escaped newlines and non-ASCII bytes must give C that compiles
# with -Wall -Wextra -Wpedantic -Werror, and a simulator that runs and reports those names intact.
# The trajectory is checked against the closed form: der(x) = -a x, x(0) = 1, a = 2, so
# 'y/*z' = x / a = exp(-2 t) / 2 and 'p??=q' = sqrt('y/*z' + 1).
set -eu
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
dir=$OUT/gen_safety
rm -rf "$dir"; mkdir -p "$dir"
model=tests/sim/gen/Safety.mo

"$MO2C" "$model" --emit-c -o "$dir/Safety.c"
cc -std=c11 -Wall -Wextra -Wpedantic -Werror -O2 -Iruntime -c -o "$dir/Safety.o" "$dir/Safety.c"
# no line of model text may begin outside a comment or literal: the only preprocessor lines are ours
if grep -n '^[[:space:]]*#' "$dir/Safety.c" | grep -v -E '^[0-9]+:#include (<(math|stdlib|string)\.h>|"mo2c_rt\.h")$'; then
    echo "unexpected preprocessor line in the generated C"; exit 1
fi

"$MO2C" "$model" -o "$dir/Safety sim"          # a space in the output path: no shell involved
(cd "$dir" && "./Safety sim" -stopTime=1 -outputFormat=csv -r=res.csv) > "$dir/run.log"
grep -q "The simulation finished successfully." "$dir/run.log"

awk -F, '
NR == 1 { for (i = 1; i <= NF; i++) { h = $i; gsub(/^"|"$/, "", h); col[h] = i }
          if (!("'"'"'y/*z'"'"'" in col) || !("'"'"'p??=q'"'"'" in col)) { print "columns missing: " $0; bad = 1; exit 1 }
          cy = col["'"'"'y/*z'"'"'"]; cp = col["'"'"'p??=q'"'"'"]; next }
{ t = $1; ye = exp(-2 * t) / 2; pe = sqrt(ye + 1); n++
  if ((e = $cy - ye) < 0) e = -e; if (e > m) m = e
  if ((e = $cp - pe) < 0) e = -e; if (e > m) m = e }
END { if (bad) exit 1
      if (n < 100) { print "only " n " rows"; exit 1 }
      if (m > 1e-5) { print "max error " m; exit 1 } }' "$dir/res.csv"
