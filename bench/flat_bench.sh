#!/usr/bin/env bash
# flat_bench.sh [N...] - time `mo2c --flat` on chains of N inertia-spring-damper units (bench/gen_chain.sh)
# and report wall time and peak memory. Default N: 1000 10000 100000. Target: 10^5 units in under 1 s and
# 500 MB, time growing linearly with N. Run from the repository root after `make`.
set -eu
cd "$(dirname "$0")/.."
MO2C=${MO2C:-build/mo2c}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sizes=${*:-1000 10000 100000}
printf '%10s %10s %10s %12s %10s %10s %10s %10s\n' units vars eqs seconds peak_MB load_s flatten_s print_s
for n in $sizes; do
    bash bench/gen_chain.sh "$n" "$tmp/Chain$n.mo"
    /usr/bin/time -f '%e %M' -o "$tmp/time" "$MO2C" --stats --flat "$tmp/Chain$n.mo" > "$tmp/out.flat" 2> "$tmp/stats"
    read -r secs kb < "$tmp/time"
    stage() { awk -v s="$1" '$3 == s {print $4}' "$tmp/stats"; }   # wall seconds of one stage (--stats)
    vars=$(sed -n '2,/^equation$/p' "$tmp/out.flat" | grep -vc '^equation$' || true)
    eqs=$(sed -n '/^equation$/,$p' "$tmp/out.flat" | grep -c ' = ' || true)
    printf '%10s %10s %10s %12s %10.1f %10s %10s %10s\n' "$n" "$vars" "$eqs" "$secs" "$(echo "$kb / 1024" | bc -l)" \
        "$(stage load)" "$(stage flatten)" "$(stage print)"
done
