#!/usr/bin/env bash
# bench/run.sh - every benchmark of mo2c (`make bench`); prints figures, asserts nothing about time.
#
# 1. The generated SMD simulator against bench/smd_hand.c, the same ODE written by hand with the same
#    GSL stepper, tolerance, hstart and output grid as the runtime (runtime/solver.c): the wall-time
#    ratio (target <= 1.10; the best of REPS interleaved runs of each) and the number of accepted steps
#    (LOG_STATS vs the hand program's count, which must be equal). Fairness: neither side writes results.
#    The hand program only sums the states at each output point (a checksum, so the work is not optimised
#    away); the generated one runs with -outputFormat=empty, where the grid's points only end steps (no
#    row, so dx and the outputs are not computed there; runtime/solver.c). Both check nothing the other
#    does not need, except that the generated one also checks the states for NaN/Inf after every step.
#    The generated one reads its parameters at run time (-override may change them) while the hand one
#    has them as constants (its compiler drops the division by J2 = 1); measured at 1-2 %, kept as is.
# 2. bench/chain_e2e.sh: the N-unit chain from bench/gen_chain.sh compiled end to end with `mo2c --stats`
#    for N = 10^2, 10^3, 10^4: each stage's time (and the C compiler's), per unit and its growth per
#    decade of N (about 10 means linear), mo2c's peak memory, and a short run of each simulator.
# 3. bench/flat_bench.sh (the front end's engineer's): `mo2c --flat` alone up to 10^5 units.
# 5. bench/init_bench.sh: completing the initial system when no start value is fixed (compiler/analysis/sort.c):
#    mo2c --stats for N states with unfixed starts, N in INS (default "1000 10000 100000").
# 4. The same chain written with arrays (bench/gen_chain_array.sh): component arrays connected in a
#    for-loop, end to end through bench/chain_e2e.sh (GEN=array) for N in ANS (default "1000 10000
#    100000"): each stage, the C compiler per section (files above 32 MB are compiled in sections, in
#    parallel) with its peak memory, and ASTOP (default 0.01) s of rkf45.
# Environment: STOP (default 1000 s of simulated time at STEP = 0.01, i.e. 10^5 output intervals; much
# longer runs let the damped states decay into subnormal numbers, whose arithmetic is slow on x86 and
# would measure the FPU, not mo2c), RUNS (runs per measurement, default 10), REPS (measurements, the
# best counts, default 5), NS (default "100 1000 10000"), BUILD_TIMEOUT (seconds allowed for each
# chain's build, default 1800; the C compiler's stage is the one that can take that long: about 10
# minutes for the 10^5-unit array chain on 2 cores).
# 6. bench/bounded_bench.sh: the inputs that were quadratic (issue 18: within/import names of 10^6
#    parts, extends chains of 10^5 levels, fill(1, N, N); review finding 08: sums, products and a loop
#    of 44000 terms through --emit-c) at growing sizes, CPU time and peak memory.
# 7. bench/csv_bench.sh (part csv): writing results: the generated SMD writing its four states as CSV
#    against bench/smd_hand.c printing them with printf (target ratio <= 1.0), and every variable as
#    CSV against MAT (target <= 6x).
# 8. bench/stiff_chain.sh (part stiff): the stiff chain of bench/gen_stiff_chain.sh (2N states) built and
#    simulated with -s=cvode (KLU on the sparse Jacobian), ida, and rkf45 up to 10^4 states, for N in SNS.
# 9. bench/msl_examples.sh (part msl; needs ../shared/msl/4.0.0, skipped without it): per MSL example,
#    mo2c's own time and the C compiler's (median and maximum; targets 0.1 s and 1 s for the build).
# 10. bench/scalable.sh (part scalable): the ScalableTestSuite-style families of bench/gen_scalable.sh, each
#    as arrays and component by component, at N = 10^3, 10^4, 10^5: mo2c's stages, the C compiler, the run.
# 11. bench/choices_bench.sh (part choices): N references x[k + i] over 2N elements (subscripts known only at
#    run time), built at N in CNS (default 1000 2000 4000 8000): each stage, CPU time and peak memory.
# Arguments: the parts to run (smd, chain, array, flat, init, bounded, csv, stiff, msl, scalable, choices; default all): `bash bench/run.sh smd` gives the
# simulator's ratio alone in a few seconds.
set -u
source "$(dirname "$0")/common.sh"
STOP=${STOP:-1000}
RUNS=${RUNS:-10}
STEP=0.01
TOL=1e-6
REPS=${REPS:-5}
NS=${NS:-100 1000 10000}
BUILD_TIMEOUT=${BUILD_TIMEOUT:-1800}

PARTS=" ${*:-smd chain array flat init bounded csv stiff msl scalable choices} "
want() { [[ $PARTS == *" $1 "* ]]; }

if want smd; then
echo "== 1. SMD: generated simulator vs hand-written GSL program"
cc -std=c11 -D_DEFAULT_SOURCE -O2 -o "$B/smd_hand" bench/smd_hand.c -lgsl -lgslcblas -lm || exit 1
"$MO2C" models/ModelicaByExample/Components/Rotational/Examples/SMD.mo -o "$B/SMD" || exit 1
gen_args=(-stopTime="$STOP" -stepSize=$STEP -tolerance=$TOL -outputFormat=empty -lv=LOG_STATS)
gen_steps=$(cd "$B" && ./SMD "${gen_args[@]}" | sed -n 's/.*| steps: //p')
hand_steps=$("$B/smd_hand" "$STOP" $STEP $TOL rkf45 | sed -n 's/^steps: //p')
# one measurement: RUNS runs of a command; prints "wall cpu" in seconds (cpu = user + sys of the runs)
measure() {
    local TIMEFORMAT='%R %U %S' out
    out=$( { time (for _ in $(seq "$RUNS"); do "$@" >/dev/null; done) ; } 2>&1 )
    awk '{ printf "%.4f %.4f\n", $1, $2 + $3 }' <<<"$out"
}
best() { awk -v col="$1" 'NR == 1 || $col < m { m = $col } END { print m }'; }
gen_runs=""; hand_runs=""
for _ in $(seq "$REPS"); do # interleaved, so a burst of load on the machine hits both
    gen_runs+=$(cd "$B" && measure ./SMD "${gen_args[@]}")$'\n'
    hand_runs+=$(measure "$B/smd_hand" "$STOP" $STEP $TOL rkf45)$'\n'
done
gw=$(grep . <<<"$gen_runs" | best 1); gc=$(grep . <<<"$gen_runs" | best 2)
hw=$(grep . <<<"$hand_runs" | best 1); hc=$(grep . <<<"$hand_runs" | best 2)
awk -v gw="$gw" -v gc="$gc" -v hw="$hw" -v hc="$hc" -v gs="$gen_steps" -v hs="$hand_steps" -v stop="$STOP" \
    -v reps="$REPS" -v runs="$RUNS" 'BEGIN {
    printf "  %g s simulated, output every 0.01 s, rkf45 at tolerance 1e-6; %d runs per measurement, best of %d\n",
           stop, runs, reps
    printf "  generated SMD: wall %8.3f s  cpu %8.3f s  %s steps per run\n", gw, gc, gs
    printf "  hand-written:  wall %8.3f s  cpu %8.3f s  %s steps per run\n", hw, hc, hs
    printf "  ratio generated / hand: wall %.3f, cpu %.3f (target <= 1.10); steps %s\n", gw / hw, gc / hc,
           (gs == hs && gs != "") ? "equal" : "DIFFER"
}'
echo
fi

if want chain; then
echo "== 2. the N-unit chain, compiled end to end: bench/chain_e2e.sh"
BUILD=$BUILD BUILD_TIMEOUT=$BUILD_TIMEOUT bash bench/chain_e2e.sh $NS
echo
fi

if want array; then
echo "== 4. the N-unit chain written with arrays (bench/gen_chain_array.sh: component arrays, connects in a for-loop)"
echo "   bench/chain_e2e.sh with GEN=array: mo2c --stats (every stage, the C compiler's sections), then rkf45"
echo "   for ASTOP s of simulated time"
BUILD=$BUILD BUILD_TIMEOUT=$BUILD_TIMEOUT GEN=array STOP=${ASTOP:-0.01} SOLVER=rkf45 \
    bash bench/chain_e2e.sh ${ANS:-1000 10000 100000}
echo
fi

if want init; then
echo "== 5. initialization with unfixed start values: bench/init_bench.sh"
BUILD=$BUILD TIMEOUT=$BUILD_TIMEOUT bash bench/init_bench.sh ${INS:-1000 10000 100000}
echo
fi

if want bounded; then
echo "== 6. inputs that were quadratic: bench/bounded_bench.sh"
MO2C=$MO2C bash bench/bounded_bench.sh
echo
fi

if want csv; then
echo "== 7. writing results: bench/csv_bench.sh"
BUILD=$BUILD bash bench/csv_bench.sh
echo
fi

if want stiff; then
echo "== 8. a stiff chain with SUNDIALS: bench/stiff_chain.sh (masses in SNS, default 500 5000 50000)"
BUILD=$BUILD bash bench/stiff_chain.sh ${SNS:-500 5000 50000}
echo
fi

if want msl; then
echo "== 9. building the MSL's examples: bench/msl_examples.sh"
if [ -d "$PWD/../shared/msl/4.0.0/Modelica" ]; then
    BUILD=$BUILD bash bench/msl_examples.sh | tail -8
else
    echo "  no ../shared/msl/4.0.0: skipped"
fi
echo
fi

if want scalable; then
echo "== 10. ScalableTestSuite-style families: bench/scalable.sh"
BUILD=$BUILD bash bench/scalable.sh | sed -n '/^family|/,$p'
echo
fi

if want choices; then
echo "== 11. subscripts known only at run time over big arrays: bench/choices_bench.sh"
BUILD=$BUILD TIMEOUT=$BUILD_TIMEOUT bash bench/choices_bench.sh ${CNS:-1000 2000 4000 8000}
echo
fi

want flat || exit 0
echo "== 3. the front end alone: bench/flat_bench.sh"
if [ -f bench/flat_bench.sh ]; then
    MO2C=$MO2C bash bench/flat_bench.sh
else
    echo "  bench/flat_bench.sh is not there yet: skipped"
fi
