#!/usr/bin/env bash
# chain_e2e.sh [N...] - the N-unit inertia-spring-damper chain (bench/gen_chain.sh, or with GEN=array the
# same chain written with component arrays, bench/gen_chain_array.sh) compiled end to end with
# `mo2c --stats`, then simulated briefly. Default N: 100 1000 10000. Prints, per N:
#   - each stage of mo2c (load ... codegen) and the C compiler (cc): wall time, CPU time (the C
#     compiler's for cc), CPU time per unit in microseconds, and the growth of the CPU time from the
#     previous N (the ratio of the N's when linear: x 10.0 per decade). CPU time is the figure to read
#     on a loaded machine; wall time is shown beside it.
#   - mo2c's arena and peak resident size, the generated C file's size;
#   - the C compiler: a file above 32 MB is compiled in sections (compiler/codegen/build.c): each section's
#     wall and CPU time and peak memory, and the largest peak;
#   - the simulator: -stopTime=1 with no result file (-outputFormat=empty), its wall and CPU time and
#     accepted steps.
# Asserts nothing about time. Environment: BUILD (default build), BUILD_TIMEOUT (seconds allowed for one
# build, default 1200), STOP (simulated seconds, default 1), SOLVER (default: the simulator's own), RUN
# (0: build only, no simulation; default 1), GEN
# (chain or array, default chain; or FAMILY/FORM: a family of bench/gen_scalable.sh, e.g. heat/comp, whose
# size parameter is N; bench/scalable.sh runs them all).
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-$PWD/build}
MO2C=${MO2C:-$BUILD/mo2c}
B=$BUILD/bench
mkdir -p "$B"
NS=${*:-100 1000 10000}
BUILD_TIMEOUT=${BUILD_TIMEOUT:-1200}
STOP=${STOP:-1}
SOLVER=${SOLVER:-}
RUN=${RUN:-1}
GEN=${GEN:-chain}
case $GEN in
    chain) gen=bench/gen_chain.sh; stem=Chain ;;
    array) gen=bench/gen_chain_array.sh; stem=ChainArray ;;
    */*) gen="bench/gen_scalable.sh ${GEN%/*} ${GEN#*/}"; stem=${GEN%/*}_${GEN#*/}_ ;;
    *) echo "GEN must be chain or array"; exit 1 ;;
esac

prev=""; prevn=""
for n in $NS; do
    f=$B/$stem$n.mo
    bash $gen "$n" "$f" || { echo "$gen $n failed"; continue; }   # $gen: the script and its arguments
    # the C file alone, for its size (codegen only, not timed here)
    "$MO2C" --emit-c "$f" -o "$B/$stem$n.c" 2>/dev/null
    csize=$(stat -c %s "$B/$stem$n.c" 2>/dev/null || echo 0)
    rm -f "$B/$stem$n.c"
    # timeout signals its whole process group, so a C compiler still running is ended too
    stats=$(timeout "$BUILD_TIMEOUT" "$MO2C" --stats "$f" -o "$B/$stem$n" 2>&1 >/dev/null); rc=$?
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
    # the C compiler's own lines: "cc whole|section K|link  wall s wall  cpu s cpu  peak MB peak"
    grep '^mo2c: stats: cc [0-9]* sections' <<<"$stats" | sed 's/^mo2c: stats: cc /    C compiler: /'
    sed -n 's/^mo2c: stats: cc \(whole\|section [0-9]*\|link\) *\([0-9.]*\) s wall *\([0-9.]*\) s cpu *\([0-9.]*\) MB peak.*/\1|\2|\3|\4/p' \
        <<<"$stats" | awk -F'|' '{ printf "      cc %-11s %9.2f s wall %9.2f s cpu %8.1f MB peak\n", $1, $2, $3, $4
                                 if ($4 > peak) peak = $4; cpu += $3 }
                               END { if (NR) printf "      cc total: %.2f s cpu, largest peak %.1f MB\n", cpu, peak }'
    if [ $rc = 0 ] && [ "$RUN" = 0 ]; then
        echo "    simulator: not run (RUN=0)"
    elif [ $rc = 0 ] && [ -x "$B/$stem$n" ]; then
        out=$( { (cd "$B" && /usr/bin/time -f 'TIME %e %U %S' "./$stem$n" -stopTime="$STOP" -outputFormat=empty \
                 ${SOLVER:+-s=$SOLVER} -lv=LOG_STATS); } 2>&1 )
        steps=$(sed -n 's/.*| steps: //p' <<<"$out")
        awk -v n="$n" -v s="$steps" -v stop="$STOP" -v solver="$SOLVER" '/^TIME/ {
            printf "    simulator: %g s simulated in %.3f s wall, %.3f s cpu (%.1f us cpu per unit), %s steps%s\n",
                   stop, $2, $3 + $4, 1e6 * ($3 + $4) / n, s, solver ? " (" solver ")" : "" }' <<<"$out"
        grep -q "The simulation finished successfully." <<<"$out" || echo "    simulator FAILED: $(tail -3 <<<"$out")"
    fi
    prev=$cur; prevn=$n
done
