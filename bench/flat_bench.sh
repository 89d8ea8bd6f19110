#!/usr/bin/env bash
# flat_bench.sh [N...] - time `mo2c --flat` on chains of N inertia-spring-damper units (bench/gen_chain.sh)
# and report wall time and peak memory. Default N: 1000 10000 100000. Target: 10^5 units in under 1 s and
# 500 MB, time growing linearly with N. Run from the repository root after `make`.
#
# Each size is run RUNS times (default 5) in two ways, alternately: the listing written to a file
# (to_file_s), and discarded (to_null_s: every line is still formatted and handed to write(2), but no
# file system is involved). Both are medians. The second is mo2c's own time; the first adds what this
# machine's kernel and disk take to store the listing (510 MB at 10^5 units; `dd` of that many bytes
# alone takes 0.3-1.4 s on the VMs we measure on). Stage times and peak memory are those of the
# median to_file run. Before each run: sync, so that no earlier run's output is being written back.
set -eu
cd "$(dirname "$0")/.."
MO2C=${MO2C:-build/mo2c}
RUNS=${RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sizes=${*:-1000 10000 100000}
median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
printf '%10s %10s %10s %10s %10s %10s %10s %10s %10s\n' units vars eqs to_file_s to_null_s peak_MB load_s \
    flatten_s print_s
for n in $sizes; do
    bash bench/gen_chain.sh "$n" "$tmp/Chain$n.mo"
    : > "$tmp/file_runs"
    : > "$tmp/null_runs"
    for r in $(seq "$RUNS"); do
        sync
        /usr/bin/time -f '%e %M' -o "$tmp/time" "$MO2C" --stats --flat "$tmp/Chain$n.mo" > "$tmp/out.flat" \
            2> "$tmp/stats.$r"
        read -r secs kb < "$tmp/time"
        echo "$secs $kb $r" >> "$tmp/file_runs"
        sync
        /usr/bin/time -f '%e' -o "$tmp/time" "$MO2C" --flat "$tmp/Chain$n.mo" > /dev/null
        cat "$tmp/time" >> "$tmp/null_runs"
    done
    file_s=$(cut -d' ' -f1 "$tmp/file_runs" | median)
    null_s=$(median < "$tmp/null_runs")
    # the median to_file run (the lower middle one for an even count): its memory and stages
    read -r _ kb r < <(sort -n "$tmp/file_runs" | sed -n "$(( (RUNS + 1) / 2 ))p")
    stage() { awk -v s="$1" '$3 == s {print $4}' "$tmp/stats.$r"; }   # wall seconds of one stage (--stats)
    vars=$(sed -n '2,/^equation$/p' "$tmp/out.flat" | grep -vc '^equation$' || true)
    eqs=$(sed -n '/^equation$/,$p' "$tmp/out.flat" | grep -c ' = ' || true)
    printf '%10s %10s %10s %10s %10s %10.1f %10s %10s %10s\n' "$n" "$vars" "$eqs" "$file_s" "$null_s" \
        "$(echo "$kb / 1024" | bc -l)" "$(stage load)" "$(stage flatten)" "$(stage print)"
done
