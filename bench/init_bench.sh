#!/usr/bin/env bash
# bench/init_bench.sh [N...] - the completion of the initial system (compiler/analysis/sort.c, sort_init) at
# scale: N states whose start values are not fixed, so every one of them needs an assumed x = start
# equation, the case that used to rebuild the whole graph and re-match once per state.
# Model: der(x[i]) = -x[i] + x[i-1] (x[0] read as 0) with start = 1 for i > 1, x[1] fixed at 1, plus
# y = sum(x) (one equation as wide as the model). Prints the `mo2c --stats --emit-c` figures of the
# dae (dae, alias, dae-init), index and sort (match, blt, init-sort) stages (time, arena, peak memory)
# for each N (default 1000 10000 100000) and the init-sort stage's growth per decade of N (about 10
# means linear). Asserts nothing about time.
# Environment: BUILD (default build), TIMEOUT (seconds per N, default 600).
set -u
source "$(dirname "$0")/common.sh"
TIMEOUT=${TIMEOUT:-600}
prev=""
for n in ${*:-1000 10000 100000}; do
    f=$B/InitUnfixed$n.mo
    cat > "$f" <<EOM
model InitUnfixed$n "$n states with unfixed starts, a chain, and their sum"
  parameter Integer N = $n;
  Real x[N](start = {1 for i in 1:N}, fixed = {i == 1 for i in 1:N});
  Real y;
equation
  der(x[1]) = -x[1];
  for i in 2:N loop
    der(x[i]) = -x[i] + x[i - 1];
  end for;
  y = sum(x);
end InitUnfixed$n;
EOM
    stats=$(timeout "$TIMEOUT" "$MO2C" --stats --emit-c "$f" -o "$B/InitUnfixed$n.c" 2>&1 >/dev/null); rc=$?
    printf "  N = %-6s (%s)\n" "$n" "$([ $rc = 124 ] && echo "stopped after $TIMEOUT s" || echo "exit $rc")"
    grep -E 'stats: *(dae|alias|dae-init|index|match|blt|init-sort) ' <<<"$stats" | sed 's/^mo2c: stats: */    /'
    [ $rc = 0 ] || grep -v 'stats:' <<<"$stats" | head -5 | sed 's/^/    /'
    cur=$(sed -n 's/^mo2c: stats: *init-sort *\([0-9.]*\) s.*/\1/p' <<<"$stats")
    if [ -n "$prev" ] && [ -n "$cur" ]; then
        awk -v p="$prev" -v c="$cur" 'BEGIN { if (p > 0.0005) printf "    init-sort growth x %.1f\n", c / p }'
    fi
    prev=$cur
done
