#!/usr/bin/env bash
# bench/choices_bench.sh [N...] - subscripts known only at run time over big arrays (specification 10.5):
# y[i] = x[k + i] i for i in 1:N over the 2N states x, and z[i] = y[2 i - 1 + k] + x[i] for i < N / 2,
# N and N / 2 distinct choices among 2N and N elements (tests/models/VarSubscripts.mo's Shifted). Each
# choice is one node of the back end's graphs (compiler/analysis/daeutil.h, mo_dae_choices); they used
# to list the 2N elements for each reference, N^2 edges (800 MB at N = 2000). Prints `mo2c --stats
# --emit-c` for the stages from dae to codegen (time, arena, peak) and the whole run's CPU time and peak
# memory (GNU time) for each N (default 1000 2000 4000 8000), with the growth of the peak per doubling
# of N (about 2 means linear). Asserts nothing about time.
# Environment: BUILD (default build), TIMEOUT (seconds per N, default 600).
set -u
source "$(dirname "$0")/common.sh"
TIMEOUT=${TIMEOUT:-600}
command -v /usr/bin/time >/dev/null || { echo "bench/choices_bench.sh needs GNU time (/usr/bin/time)"; exit 2; }
prev=""
for n in ${*:-1000 2000 4000 8000}; do
    f=$B/Choices$n.mo
    cat > "$f" <<EOM
model Choices$n "$n references x[k + i] over $((2 * n)) states, $((n / 2 - 1)) references y[2 i - 1 + k]"
  parameter Integer N = $n;
  Integer k(start = 0, fixed = true);
  Real x[2 * N](each start = 1, each fixed = true);
  Real y[N];
  Real z[div(N, 2) - 1];
equation
  for i in 1:2 * N loop
    der(x[i]) = -x[i] * i / N;
  end for;
  for i in 1:N loop
    y[i] = x[k + i] * i;
  end for;
  for i in 1:div(N, 2) - 1 loop
    z[i] = y[2 * i - 1 + k] + x[i];
  end for;
  when sample(0.25, 0.25) then
    k = if pre(k) >= 2 then 0 else pre(k) + 1;
  end when;
end Choices$n;
EOM
    timeout "$TIMEOUT" /usr/bin/time -f "%U %S %M" -o "$B/choices.time" "$MO2C" --stats --emit-c "$f" \
        -o "$B/Choices$n.c" >/dev/null 2>"$B/choices.stats"; rc=$?
    read -r u s m < <(tail -1 "$B/choices.time")
    printf "  N = %-6s (%s): %.2f s cpu, %.1f MB peak\n" "$n" \
        "$([ $rc = 124 ] && echo "stopped after $TIMEOUT s" || echo "exit $rc")" "$(echo "$u + $s" | bc)" \
        "$(echo "$m / 1024" | bc -l)"
    grep -E 'stats: *(dae|alias|dae-init|index|match|blt|init-sort|solve|codegen) ' "$B/choices.stats" |
        sed 's/^mo2c: stats: */    /'
    [ $rc = 0 ] || grep -v 'stats:' "$B/choices.stats" | head -5 | sed 's/^/    /'
    if [ -n "$prev" ]; then
        awk -v p="$prev" -v c="$m" 'BEGIN { printf "    peak growth x %.2f\n", c / p }'
    fi
    prev=$m
done
