#!/usr/bin/env bash
# The families of bench/gen_scalable.sh (ScalableTestSuite-style: CascadedFirstOrder, HarmonicOscillator,
# a heat-conduction rod, a DC distribution network), each in its array form and its component-by-component
# form at a small N, simulated and compared at every output point with closed forms derived by hand
# (tests/ref/scalable_ref.py: the Erlang distribution function, the modes of the free-free spring chain and
# of the rod's discrete Laplacian, the resistive ladder reduced by series and parallel rules).
source tests/ref/lib.sh
D=$OUT/scalable
rm -rf "$D"; mkdir -p "$D"
status=0
for spec in "cascaded 20" "oscillator 6" "heat 12" "network 4"; do
    set -- $spec
    for form in array comp; do
        m=$1_$form
        bash bench/gen_scalable.sh "$1" "$form" "$2" "$D/$m.mo" || { status=1; continue; }
        "$MO2C" "$D/$m.mo" -o "$D/$m" || { echo "FAIL: mo2c $m"; status=1; continue; }
        simulate "$D" "$m" -tolerance=1e-9 -r="$m.csv" || { status=1; continue; }
        python3 tests/ref/scalable_ref.py "$1" "$form" "$2" "$D/$m.csv" 1e-6 || status=1
    done
done
# the torn loop's Jacobian is linear in the loop's size: a 12 x 12 network (one linear loop of 599
# equations, 12 iterated) is under 2 MB of C (written out entry by entry, its Jacobian was 85 MB at 10 x 10)
bash bench/gen_scalable.sh network array 12 "$D/net12.mo"
"$MO2C" --emit-c "$D/net12.mo" -o "$D/net12.c" || status=1
size=$(stat -c %s "$D/net12.c" 2>/dev/null || echo 0)
[ "$size" -gt 0 ] && [ "$size" -lt 2000000 ] || { echo "FAIL: the 12 x 12 network's C is $size bytes"; status=1; }
# and its repeated units are C loops inside the loop's functions too (the statements of each secondary
# line, codegen.c's loop_seq), and the secondary lines a loop around them (loops of loops,
# codegen_loops.c): the C does not grow with N. 24 x 24 against 12 x 12: 1.02 times the C (1.9 times
# with one loop per line, 3.7 times with the loop's statements written one by one)
bash bench/gen_scalable.sh network array 24 "$D/net24.mo"
"$MO2C" --emit-c "$D/net24.mo" -o "$D/net24.c" || status=1
size24=$(stat -c %s "$D/net24.c" 2>/dev/null || echo 0)
awk -v a="$size" -v b="$size24" 'BEGIN { exit !(b > 0 && b < 1.15 * a) }' ||
    { echo "FAIL: the 24 x 24 network's C is $size24 bytes, the 12 x 12's $size"; status=1; }
grep -q 'for (int mo_j' "$D/net24.c" || { echo "FAIL: the 24 x 24 network's C has no loop of loops"; status=1; }
# the generator refuses what it cannot write
bash bench/gen_scalable.sh heat array 2 /dev/null 2>/dev/null && { echo "FAIL: heat with N = 2 accepted"; status=1; }
bash bench/gen_scalable.sh ring array 5 /dev/null 2>/dev/null && { echo "FAIL: an unknown family accepted"; status=1; }
exit $status
