#!/usr/bin/env bash
# chain_e2e.sh [N...] - the N-unit inertia-spring-damper chain (bench/gen_chain.sh) compiled end to end
# with `mo2c --stats`, then simulated briefly. Default N: 100 1000 10000. Prints, per N:
#   - each stage of mo2c (load ... codegen) and the C compiler (cc): wall time, CPU time (the C
#     compiler's for cc), CPU time per unit in microseconds, and the growth of the CPU time from the
#     previous N (the ratio of the N's when linear: x 10.0 per decade). CPU time is the figure to read
#     on a loaded machine; wall time is shown beside it.
#   - mo2c's arena and peak resident size, the generated C file's size;
#   - the simulator: -stopTime=1 with no result file (-outputFormat=empty), its wall and CPU time and
#     accepted steps.
# Asserts nothing about time. Environment: BUILD (default build), BUILD_TIMEOUT (seconds allowed for one
# build, default 1200), STOP (simulated seconds, default 1).
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-$PWD/build}
MO2C=${MO2C:-$BUILD/mo2c}
B=$BUILD/bench
mkdir -p "$B"
NS=${*:-100 1000 10000}
BUILD_TIMEOUT=${BUILD_TIMEOUT:-1200}
STOP=${STOP:-1}

prev=""; prevn=""
for n in $NS; do
    f=$B/Chain$n.mo
    bash bench/gen_chain.sh "$n" "$f" || { echo "bench/gen_chain.sh $n failed"; continue; }
    # the C file alone, for its size (codegen only, not timed here)
    "$MO2C" --emit-c "$f" -o "$B/Chain$n.c" 2>/dev/null
    csize=$(stat -c %s "$B/Chain$n.c" 2>/dev/null || echo 0)
    rm -f "$B/Chain$n.c"
    # timeout signals its whole process group, so a C compiler still running is ended too
    stats=$(timeout "$BUILD_TIMEOUT" "$MO2C" --stats "$f" -o "$B/Chain$n" 2>&1 >/dev/null); rc=$?
    echo "== N = $n units: mo2c exit $rc$([ $rc = 124 ] && echo ", stopped after $BUILD_TIMEOUT s")," \
         "generated C $(awk -v b="$csize" 'BEGIN { printf "%.1f MB", b / 1e6 }')"
    # "stage wall arena cpu peak" per line
    cur=$(sed -n 's/^mo2c: stats: *\([^ ]*\) *\([0-9.]*\) s *\([0-9.]*\) MB arena *\([0-9.]*\) s cpu *\([0-9.]*\) MB peak.*/\1 \2 \3 \4 \5/p' <<<"$stats")
    if [ -z "$cur" ]; then echo "$stats" | head -5 | sed 's/^/    /'; continue; fi
    printf "    %-10s %10s %10s %12s %9s   %s\n" stage "wall s" "cpu s" "cpu us/unit" growth "arena MB, peak MB"
    awk -v n="$n" -v prev="$prev" -v pn="$prevn" '
        BEGIN { k = split(prev, a, "\n"); for (i = 1; i <= k; i++) { split(a[i], f, " "); p[f[1]] = f[4] } }
        { g = ($1 in p && p[$1] > 0.002) ? sprintf("x %.1f", $4 / p[$1]) : ""
          printf "    %-10s %10.4f %10.4f %12.1f %9s   %8.1f %8.1f\n", $1, $2, $4, 1e6 * $4 / n, g, $3, $5
          if ($1 != "cc") { tot += $4; totw += $2 } }
        END { printf "    %-10s %10.4f %10.4f %12.1f   (mo2c without cc; growth per decade of N is x 10 when linear)\n",
                     "mo2c", totw, tot, 1e6 * tot / n }' <<<"$cur"
    if [ $rc = 0 ] && [ -x "$B/Chain$n" ]; then
        out=$( { (cd "$B" && /usr/bin/time -f 'TIME %e %U %S' "./Chain$n" -stopTime="$STOP" -outputFormat=empty \
                 -lv=LOG_STATS); } 2>&1 )
        steps=$(sed -n 's/.*| steps: //p' <<<"$out")
        awk -v n="$n" -v s="$steps" -v stop="$STOP" '/^TIME/ {
            printf "    simulator: %g s simulated in %.3f s wall, %.3f s cpu (%.1f us cpu per unit), %s steps\n",
                   stop, $2, $3 + $4, 1e6 * ($3 + $4) / n, s }' <<<"$out"
        grep -q "The simulation finished successfully." <<<"$out" || echo "    simulator FAILED: $(tail -3 <<<"$out")"
    fi
    prev=$cur; prevn=$n
done
