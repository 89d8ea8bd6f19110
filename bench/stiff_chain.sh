#!/usr/bin/env bash
# stiff_chain.sh [N...] - the stiff chain of N masses (bench/gen_stiff_chain.sh, 2N states) built with
# `mo2c --stats` and simulated over its experiment (1 s, 100 output intervals, no result file) with
# -s=cvode (KLU on the generated sparse Jacobian) and, up to RKMAX masses, with rkf45 for comparison.
# Default N: 500 5000 50000 (10^3, 10^4, 10^5 states). Prints per N: mo2c's CPU time, the C compiler's
# CPU time, then for each integrator the accepted steps, right-hand-side calls, Jacobian evaluations and
# the simulation's CPU time, with its growth from the previous N (x 10.0 per decade when linear). CPU
# time is the figure to read on a loaded machine. Asserts nothing. Environment: BUILD (default build),
# RKMAX (default 5000), SOLVERS (default "cvode ida").
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-$PWD/build}
MO2C=${MO2C:-$BUILD/mo2c}
B=$BUILD/bench
mkdir -p "$B"
NS=${*:-500 5000 50000}
RKMAX=${RKMAX:-5000}
SOLVERS=${SOLVERS:-cvode ida}
declare -A prev
prevn=""
printf "%8s %8s %10s %10s  %-6s %7s %9s %6s %10s %8s\n" masses states "mo2c cpu" "cc cpu" solver steps "rhs" jac "sim cpu" growth
for n in $NS; do
    f=$B/StiffChain$n.mo
    bash bench/gen_stiff_chain.sh "$n" "$f"
    log=$("$MO2C" --stats "$f" -o "$B/stiff$n" 2>&1) || { echo "build of $n failed: $(tail -3 <<<"$log")"; continue; }
    mcpu=$(awk '/stats: / && !/stats: cc/ { s += $9 } END { printf "%.2f", s }' <<<"$log")
    ccpu=$(awk '/stats: cc whole/ { print $(NF-5) }' <<<"$log")
    list=$SOLVERS
    [ "$n" -le "$RKMAX" ] && list="$list rkf45"
    for s in $list; do
        out=$(cd "$B" && "./stiff$n" -s=$s -outputFormat=empty -lv=LOG_STATS 2>&1)
        get() { sed -n "s/.*$1: //p" <<<"$out" | head -1 | cut -d' ' -f1; }
        cpu=$(get "CPU time")
        g=""
        [ -n "${prev[$s]:-}" ] && g=$(awk -v a="${prev[$s]}" -v b="$cpu" 'BEGIN { printf "x %.1f", b / a }')
        printf "%8d %8d %10s %10s  %-6s %7s %9s %6s %10s %8s\n" "$n" $((2 * n)) "$mcpu" "${ccpu:-?}" "$s" \
            "$(get steps)" "$(get 'right-hand-side calls')" "$(get 'Jacobian evaluations')" "$cpu" "$g"
        prev[$s]=$cpu
    done
done
