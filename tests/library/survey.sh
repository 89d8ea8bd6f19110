#!/usr/bin/env bash
# survey.sh [MSL] - not part of `make test` (about 10 minutes): `mo2c --flat` of every example of the whole
# MSL (each non-partial model with an experiment annotation, tests/library/list_classes.py), then the
# count that flattens per package and the most frequent first errors (quoted names folded together).
# Writes the per-example results to $OUT/survey.tsv (OUT: tests/out by default).
set -u
MSL=${1:-../shared/msl/4.0.0}
MO2C=${MO2C:-build/mo2c}
OUT=${OUT:-tests/out}
mkdir -p "$OUT"
[ -d "$MSL/Modelica" ] || { echo "no MSL at $MSL"; exit 1; }
python3 tests/library/list_classes.py --experiment "$MSL" Modelica | while read -r c; do
    r=$(timeout 60 "$MO2C" --flat -L "$MSL" "$c" 2>&1 >/dev/null | grep -m1 'error' | sed 's/^[^ ]*: error: //')
    printf '%s\t%s\n' "$c" "${r:-OK}"
done > "$OUT/survey.tsv"
awk -F'\t' '{ split($1, a, "."); p = a[2] "." a[3]; n[p]++; all++; if ($2 == "OK") { ok[p]++; good++ } }
    END { for (p in n) printf "%-32s %4d of %4d\n", p, ok[p], n[p]; printf "%-32s %4d of %4d\n", "all", good, all }' \
    "$OUT/survey.tsv" | sort
echo "most frequent first errors:"
awk -F'\t' '$2 != "OK" { print $2 }' "$OUT/survey.tsv" | sed -E "s/'[^']*'/'X'/g; s/[0-9]+/N/g" | sort | uniq -c | sort -rn | head -15
