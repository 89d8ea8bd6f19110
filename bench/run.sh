#!/usr/bin/env bash
# bench/run.sh - every benchmark of mo2c (`make bench`); prints figures, asserts nothing about time.
#
# 1. The generated SMD simulator against bench/smd_hand.c, the same ODE written by hand with the same
#    GSL stepper, tolerance, hstart and output grid as the runtime (runtime/solver.c): the wall-time
#    ratio (target <= 1.10; the best of REPS interleaved runs of each, no result file on either side:
#    -outputFormat=empty) and the number of accepted steps (LOG_STATS vs the hand program's count,
#    which must be equal).
# 2. The N-unit chain from bench/gen_chain.* (written by the front end's engineer), compiled end to end
#    with `mo2c --stats` for N = 10^2, 10^3, 10^4: each stage's time, and its growth per decade of N
#    (about 10 means linear).
# Environment: STOP (default 10000 s of simulated time at STEP = 0.01, i.e. 10^6 output intervals),
# REPS (default 5), NS (default "100 1000 10000").
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-$PWD/build}
MO2C=$BUILD/mo2c
B=$BUILD/bench
mkdir -p "$B"
STOP=${STOP:-10000}
STEP=0.01
TOL=1e-6
REPS=${REPS:-5}
NS=${NS:-100 1000 10000}

now_ns() { date +%s%N; }

echo "== 1. SMD: generated simulator vs hand-written GSL program"
cc -std=c11 -D_DEFAULT_SOURCE -O2 -o "$B/smd_hand" bench/smd_hand.c -lgsl -lgslcblas -lm || exit 1
"$MO2C" models/ModelicaByExample/Components/Rotational/Examples/SMD.mo -o "$B/SMD" || exit 1
gen_args=(-stopTime="$STOP" -stepSize=$STEP -tolerance=$TOL -outputFormat=empty -lv=LOG_STATS)
gen_steps=$(cd "$B" && ./SMD "${gen_args[@]}" | sed -n 's/.*| steps: //p')
hand_steps=$("$B/smd_hand" "$STOP" $STEP $TOL rkf45 | sed -n 's/^steps: //p')
best_gen=""; best_hand=""
for _ in $(seq "$REPS"); do
    t0=$(now_ns); (cd "$B" && ./SMD "${gen_args[@]}" >/dev/null); t1=$(now_ns)
    "$B/smd_hand" "$STOP" $STEP $TOL rkf45 >/dev/null; t2=$(now_ns)
    g=$((t1 - t0)); h=$((t2 - t1))
    if [ -z "$best_gen" ] || [ $g -lt "$best_gen" ]; then best_gen=$g; fi
    if [ -z "$best_hand" ] || [ $h -lt "$best_hand" ]; then best_hand=$h; fi
done
awk -v g="$best_gen" -v h="$best_hand" -v gs="$gen_steps" -v hs="$hand_steps" -v stop="$STOP" -v reps="$REPS" 'BEGIN {
    printf "  %g s simulated, output every 0.01 s, rkf45 at tolerance 1e-6, best of %d runs each\n", stop, reps
    printf "  generated SMD: %8.3f s  %s steps\n", g / 1e9, gs
    printf "  hand-written:  %8.3f s  %s steps\n", h / 1e9, hs
    printf "  wall-time ratio generated / hand = %.3f (target <= 1.10); steps %s\n", g / h,
           (gs == hs && gs != "") ? "equal" : "DIFFER"
}'

echo
echo "== 2. the N-unit chain, compiled end to end with --stats"
gen=$(ls bench/gen_chain.* 2>/dev/null | head -1)
if [ -z "$gen" ]; then
    echo "  bench/gen_chain.* is not there yet: skipped"
    exit 0
fi
case $gen in
    *.c) cc -std=c11 -O2 -o "$B/gen_chain" "$gen" || exit 1; run_gen() { "$B/gen_chain" "$1"; } ;;
    *.py) run_gen() { python3 "$gen" "$1"; } ;;
    *) run_gen() { bash "$gen" "$1"; } ;;
esac
prev=""
for n in $NS; do
    f=$B/chain_$n.mo
    run_gen "$n" > "$f" || { echo "  $gen $n failed"; continue; }
    t0=$(now_ns)
    stats=$("$MO2C" --stats "$f" -o "$B/chain_$n" 2>&1 >/dev/null); rc=$?
    t1=$(now_ns)
    printf "  N = %-6s total %8.3f s (exit %d)\n" "$n" "$(awk -v d=$((t1 - t0)) 'BEGIN { print d / 1e9 }')" $rc
    cur=$(sed -n 's/^mo2c: stats: *\([^ ]*\) *\([0-9.]*\) s.*/\1 \2/p' <<<"$stats")
    if [ -z "$cur" ]; then echo "$stats" | head -5 | sed 's/^/    /'; fi
    # each stage: its time, and the ratio to the previous N (about 10 per decade when linear)
    awk -v prev="$prev" 'BEGIN { n = split(prev, a, "\n"); for (i = 1; i <= n; i++) { split(a[i], f, " "); p[f[1]] = f[2] } }
         { r = ($1 in p && p[$1] > 0.0005) ? sprintf("x %.1f", $2 / p[$1]) : ""
           printf "    %-14s %9.4f s  %s\n", $1, $2, r }' <<<"$cur"
    prev=$cur
done
