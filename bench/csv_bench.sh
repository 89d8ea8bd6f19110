#!/usr/bin/env bash
# bench/csv_bench.sh - the cost of writing results (issue 17, item 6); prints figures, asserts nothing.
#
# 1. The generated SMD simulator writing its four states as CSV (-variableFilter) against bench/smd_hand.c
#    printing the same four states with printf("%.17g") into a CSV file: the same ODE, stepper,
#    tolerance, grid and steps (bench/run.sh part 1 checks that), so the difference is the writing.
#    Target: ratio generated / hand at most 1.0.
# 2. The generated SMD writing every variable as CSV against the same run writing MAT: target at most 6x.
# Both: STOP s simulated (default 1000) at output step 0.01, i.e. 10^5 rows; the best of REPS (default 5)
# interleaved runs of each.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-$PWD/build}
B=$BUILD/bench
mkdir -p "$B"
STOP=${STOP:-1000}
REPS=${REPS:-5}
cc -std=c11 -D_DEFAULT_SOURCE -O2 -o "$B/smd_hand" bench/smd_hand.c -lgsl -lgslcblas -lm || exit 1
"$BUILD/mo2c" models/ModelicaByExample/Components/Rotational/Examples/SMD.mo -o "$B/SMD" || exit 1
cd "$B" || exit 1
wall() { local TIMEFORMAT=%R; { time "$@" > /dev/null; } 2>&1; }
best() { sort -g | head -1; }
common=(-stopTime="$STOP" -stepSize=0.01 -tolerance=1e-6)
g4=""; h4=""; gall=""; gmat=""
for _ in $(seq "$REPS"); do
    g4+=$(wall ./SMD "${common[@]}" '-variableFilter=inertia[12][.](phi|w)' -r=gen4.csv)$'\n'
    h4+=$(wall ./smd_hand "$STOP" 0.01 1e-6 rkf45 csv hand4.csv)$'\n'
    gall+=$(wall ./SMD "${common[@]}" -r=all.csv)$'\n'
    gmat+=$(wall ./SMD "${common[@]}" -r=all.mat)$'\n'
done
g4=$(grep . <<<"$g4" | best); h4=$(grep . <<<"$h4" | best)
gall=$(grep . <<<"$gall" | best); gmat=$(grep . <<<"$gmat" | best)
rows=$(($(wc -l < gen4.csv) - 1))
cols=$(head -1 all.csv | tr ',' '\n' | wc -l)
awk -v g4="$g4" -v h4="$h4" -v ga="$gall" -v gm="$gmat" -v rows="$rows" -v cols="$cols" \
    -v gb="$(wc -c < gen4.csv)" -v hb="$(wc -c < hand4.csv)" -v reps="$REPS" 'BEGIN {
    printf "  %d rows; best of %d interleaved runs (wall time)\n", rows, reps
    printf "  four states as CSV: generated %.3f s (%d bytes), hand-written printf %.3f s (%d bytes): ratio %.2f (target <= 1.0)\n",
           g4, gb, h4, hb, g4 / h4
    printf "  every variable (%d columns): CSV %.3f s, MAT %.3f s: ratio %.2f (target <= 6)\n", cols, ga, gm, ga / gm
}'
