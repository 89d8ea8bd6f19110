#!/usr/bin/env bash
# Subscripts on package constants (tests/models/PackageTables.mo): in every result row the table gives
# z = min(x, y) for the enumeration values x and y as they cycle at the samples, wk = 10 k, col = M[:, k]
# = {k, k + 3}, and the constant subscripts give row = {4, 5, 6} and w2 = 20 (the values by hand).
source tests/ref/lib.sh
D=$OUT/package_tables
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/PackageTables.mo PackageTables.Use -o "$D/use" || exit 1
(cd "$D" && ./use -r=res.csv >/dev/null) || { echo "FAIL: the simulation"; exit 1; }
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { n = $i; gsub(/"/, "", n); c[n] = i }; next }
    { x = $c["x"]; y = $c["y"]; k = $c["k"]; m = x < y ? x : y
      if ($c["z"] != m) { print "t = " $1 ": z = " $c["z"] ", min(" x ", " y ") = " m; bad = 1 }
      if ($c["wk"] != 10 * k) { print "t = " $1 ": wk = " $c["wk"] " with k = " k; bad = 1 }
      if ($c["col[1]"] != k || $c["col[2]"] != k + 3) { print "t = " $1 ": col = " $c["col[1]"] ", " $c["col[2]"] " with k = " k; bad = 1 }
      if ($c["row[1]"] != 4 || $c["row[2]"] != 5 || $c["row[3]"] != 6 || $c["w2"] != 20) { print "t = " $1 ": row or w2"; bad = 1 }
      seen[x "," y] = 1; ks[k] = 1 }
    END { if (length(seen) < 3 || length(ks) < 3) { print "x, y and k did not cycle"; bad = 1 }; exit bad }' "$D/res.csv"
