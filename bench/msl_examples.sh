#!/usr/bin/env bash
# bench/msl_examples.sh [PACKAGE...] - how long it takes to build a simulator of each MSL example: mo2c's
# own time (`mo2c --emit-c`: load, flatten, analyse, write the C) and the C compiler's (the command the
# generated file's header gives, as mo2c runs it), then the simulator's run over the experiment, each
# as wall time and as CPU time (user + system, the steadier figure on a loaded machine). Prints a line
# an example and the median and maximum of each column, over the examples that compile (those that do
# not are counted and left out). Targets: mo2c under 0.1 s, the whole build under 1 s (OpenModelica's
# fixed cost is about 3 s).
# The examples: as tests/library/msl_examples.sh (the non-partial models with an experiment annotation
# under the Examples packages of the PACKAGEs; default: the six of tests/library/list_classes.py).
# OPT="-O0 -O1 -O2" (default: the level mo2c uses, left as the header gives it) also compiles each with
# every level listed and prints the median and maximum C compiler CPU time per level and the simulators'
# CPU time at each level for the slowest examples.
# Environment: BUILD (default build), MSL (default ../shared/msl/4.0.0). Runs one thing at a time.
# Asserts nothing about time.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-$PWD/build}
MO2C=$BUILD/mo2c
MSL=${MSL:-$(cd .. && pwd)/shared/msl/4.0.0}
[ -d "$MSL/Modelica" ] || { echo "no MSL at $MSL (set MSL)"; exit 2; }
B=$BUILD/bench/msl_examples
rm -rf "$B"; mkdir -p "$B"
TIMEFORMAT='%R %U %S'
# timed CMD...: runs CMD in $B (its output to $B/log) under a cap of CPU_CAP seconds of CPU time (default
# 30, over twice the slowest example that ends; a cap of wall time would stop runs early on a loaded machine and make their CPU time meaningless),
# sets t to "wall cpu" and rc to CMD's status
timed() {
    local out
    out=$( { time (cd "$B" && ulimit -t "${CPU_CAP:-30}" && "$@" > "$B/log" 2>&1); } 2>&1 ); rc=$?
    t=$(tail -1 <<<"$out" | awk '{ printf "%.3f %.3f", $1, $2 + $3 }')
}
# the compile command of a generated file (its header), with the optimisation level $2 when given
cc_command() {
    local cmd
    cmd=$(sed -n '/^ \* Compile (as mo2c does):/{n;s/^ \*   //p;q}' "$1")
    [ -z "${2:-}" ] || cmd=$(sed -E "s/ -O[0-9s] / $2 /" <<<"$cmd")
    echo "$cmd"
}
python3 tests/library/list_classes.py --experiment "$MSL" "$@" | grep -F '.Examples.' > "$B/list"
printf '%-62s %15s %15s %15s\n' "example" "mo2c wall/cpu" "cc wall/cpu" "sim wall/cpu"
nfail=0
: > "$B/rows"
while read -r m; do
    short=${m##*.}
    timed "$MO2C" --emit-c -L "$MSL" "$m" -o "$B/$short.c"; mt=$t
    if [ $rc -ne 0 ]; then nfail=$((nfail + 1)); continue; fi
    timed sh -c "$(cc_command "$B/$short.c")"; ct=$t
    if [ $rc -ne 0 ]; then echo "$m: the C compiler failed"; nfail=$((nfail + 1)); continue; fi
    timed "./$short" -outputFormat=empty; st=$t
    printf '%-62s %7s %7s %7s %7s %7s %7s%s\n' "${m#Modelica.}" $mt $ct $st "$([ $rc -eq 0 ] || echo " (run failed: $(grep -m1 error "$B/log" | cut -c1-60))")"
    echo "$m $mt $ct $st" >> "$B/rows"
    for o in ${OPT:-}; do
        timed sh -c "$(cc_command "$B/$short.c" "$o")"; ot=$t
        timed "./$short" -outputFormat=empty; os=$t
        echo "$o $m $ot $os $rc" >> "$B/opt"
    done
    rm -f "$B/$short" "$B/$short.c" "$B/${short}_init.xml" "$B/${short}_info.json"
done < "$B/list"
# median and maximum of column $1 of the rows read
stat() { sort -g | awk '{ v[NR] = $1 } END { if (NR) printf "median %.3f s  max %.3f s", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2), v[NR]; }'; }
n=$(wc -l < "$B/rows")
echo
echo "$n examples built ($nfail not: mo2c or the C compiler failed)"
echo "  mo2c wall:        $(awk '{ print $2 }' "$B/rows" | stat)    cpu: $(awk '{ print $3 }' "$B/rows" | stat)"
echo "  C compiler wall:  $(awk '{ print $4 }' "$B/rows" | stat)    cpu: $(awk '{ print $5 }' "$B/rows" | stat)"
echo "  whole build wall: $(awk '{ print $2 + $4 }' "$B/rows" | stat)    cpu: $(awk '{ print $3 + $5 }' "$B/rows" | stat)"
echo "  simulation wall:  $(awk '{ print $6 }' "$B/rows" | stat)    cpu: $(awk '{ print $7 }' "$B/rows" | stat)"
echo "  slowest builds (wall): $(awk '{ printf "%.3f %s\n", $2 + $4, $1 }' "$B/rows" | sort -gr | head -3 | awk '{ printf "%s %s s; ", $2, $1 }')"
for o in ${OPT:-}; do
    echo "  $o: C compiler cpu $(awk -v o="$o" '$1 == o { print $4 }' "$B/opt" | stat)"
done
# the simulators that take longest, at each level (runs that ended successfully at every level)
if [ -n "${OPT:-}" ]; then
    echo "  simulation cpu at $OPT, the slowest examples:"
    awk '{ t[$2] = t[$2] " " $6; if ($7 != 0) bad[$2] = 1; s[$2] += $6 } END { for (m in t) if (!bad[m]) print s[m], m, t[m] }' "$B/opt" |
        sort -gr | head -8 | awk '{ printf "    %-58s", $2; for (i = 3; i <= NF; i++) printf " %8.3f", $i; printf "\n" }'
fi
