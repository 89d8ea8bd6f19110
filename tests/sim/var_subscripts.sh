#!/usr/bin/env bash
# Subscripts known only at run time (specification 10.5; tests/models/VarSubscripts.mo) against closed
# forms at every output point (the grid, 0.007, never meets the samples at 0.25 j; -noEventEmit):
# x_i = i exp(-i t); k = 1 + (j mod 3) after the j-th sample (j = floor(t / 0.25)); y = x[k];
# z = der(x[k]) + 2 x[k] = (2 - k) k exp(-k t); s = x_1 + ... + x_k (an algorithm); w = zb[t > 0.3]
# (10, 20); ye = ze[E of k] = 100 k; a2 = A[i2, k] = 3 (i2 - 1) + k with i2 = 1 + [t > 0.5];
# col = A[:, k] = {k, 3 + k}; m = pre(v[k]) at the j-th sample, where v = j {1, 2, 3} after it:
# (j - 1) k. The emitted C compiles warning-free (-Wall -Wextra -Wpedantic -Wshadow -Werror).
# Loop: x[k] = t, x_1 + 2 x_2 = 1, k = 1 then 2 after t = 0.5: x = {t, (1 - t) / 2}, then {1 - 2 t, t}.
# OutOfRange: k = integer(3 t) + 1 reaches 4 at t = 1; the run stops there with the located message.
# Assignments x[k] := v in algorithms: Assign (continuous), Ring (a ring buffer in a when-statement
# whose condition is a Boolean variable b = sample(...)), Memory (a slice A[k, :] := v), AssignOutOfRange
# (the located message).
source tests/ref/lib.sh
D=$OUT/var_subscripts
rm -rf "$D"; mkdir -p "$D"
status=0
M=tests/models/VarSubscripts.mo
"$MO2C" $M VarSubscripts.Main -o "$D/Main" || { echo "mo2c failed"; exit 1; }
# (not A: the CSV names of a matrix hold commas)
simulate "$D" Main -stopTime=0.98 -stepSize=0.007 -noEventEmit -tolerance=1e-10 -r=res.csv \
    "-variableFilter=k|y|z|s|w|ye|a2|col\[[12]\]|m" || exit 1
K='(1 + (int(t / 0.25) % 3))'
J='int(t / 0.25)'
closed_form "$D/res.csv" k "$K" 0 || status=1
closed_form "$D/res.csv" y "$K * exp(-$K * t)" 1e-7 || status=1
closed_form "$D/res.csv" z "(2 - $K) * $K * exp(-$K * t)" 1e-6 || status=1
closed_form "$D/res.csv" s "exp(-t) + ($K >= 2 ? 2 * exp(-2 * t) : 0) + ($K >= 3 ? 3 * exp(-3 * t) : 0)" 1e-7 || status=1
closed_form "$D/res.csv" w "(t > 0.3 ? 20 : 10)" 0 || status=1
closed_form "$D/res.csv" ye "100 * $K" 0 || status=1
closed_form "$D/res.csv" a2 "3 * (t > 0.5 ? 1 : 0) + $K" 0 || status=1
closed_form "$D/res.csv" 'col[1]' "$K" 0 || status=1
closed_form "$D/res.csv" 'col[2]' "3 + $K" 0 || status=1
closed_form "$D/res.csv" m "($J >= 1 ? ($J - 1) * $K : 0)" 0 || status=1
"$MO2C" $M VarSubscripts.Main --emit-c -o "$D/Main.c" || exit 1
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/Main.o" "$D/Main.c" || status=1

"$MO2C" $M VarSubscripts.Loop -o "$D/Loop" || { echo "mo2c failed on Loop"; exit 1; }
simulate "$D" Loop -stopTime=1 -stepSize=0.007 -noEventEmit -r=loop.csv || exit 1
closed_form "$D/loop.csv" 'x[1]' "(t <= 0.5 ? t : 1 - 2 * t)" 1e-9 || status=1
closed_form "$D/loop.csv" 'x[2]' "(t <= 0.5 ? (1 - t) / 2 : t)" 1e-9 || status=1

"$MO2C" $M VarSubscripts.OutOfRange -o "$D/OutOfRange" || { echo "mo2c failed on OutOfRange"; exit 1; }
log=$(cd "$D" && ./OutOfRange -stopTime=2 2>&1); rc=$?
msg=$(grep '^error:' <<<"$log")
if [ $rc -ne 1 ] || ! [[ "$msg" =~ ^error:\ at\ time\ ([0-9.e-]+):\ index\ 4\ out\ of\ range\ 1\.\.3\ for\ x\[k\]\ at\ VarSubscripts\.mo:56$ ]] ||
   ! awk -v t="${BASH_REMATCH[1]}" 'BEGIN { exit !(t >= 1 && t < 1.01) }'; then
    echo "FAIL: OutOfRange (exit $rc): $log"; status=1
else
    echo "ok   $msg"
fi

# Assign: x[k] := time after x := zeros(3), so x_i = t when i = k, else 0 (k as in Main).
"$MO2C" $M VarSubscripts.Assign -o "$D/Assign" || { echo "mo2c failed on Assign"; exit 1; }
simulate "$D" Assign -stopTime=0.98 -stepSize=0.007 -noEventEmit -r=assign.csv || exit 1
for i in 1 2 3; do
    closed_form "$D/assign.csv" "x[$i]" "($K == $i ? t : 0)" 1e-12 || status=1
done

# Ring: S = floor(t / 0.1) + 1 samples taken by t (ticks 0, 0.1, ...; the grid 0.0071 never meets one);
# j = 1 + ((S - 1) mod 4); buf[i] = sin(0.1 m), m the last tick number (from 0) with m mod 4 = i - 1,
# or its start -1 before that; last = buf[j] = sin(0.1 (S - 1)).
"$MO2C" $M VarSubscripts.Ring -o "$D/Ring" || { echo "mo2c failed on Ring"; exit 1; }
simulate "$D" Ring -stopTime=0.994 -stepSize=0.0071 -noEventEmit -r=ring.csv || exit 1
S='(int(t / 0.1) + 1)'
closed_form "$D/ring.csv" j "(1 + ($S - 1) % 4)" 0 || status=1
closed_form "$D/ring.csv" last "sin(0.1 * ($S - 1))" 1e-12 || status=1
for i in 1 2 3 4; do
    closed_form "$D/ring.csv" "buf[$i]" "($S - 1 >= $i - 1 ? sin(0.1 * ($S - 1 - ($S - $i) % 4)) : -1)" 1e-12 || status=1
done
"$MO2C" $M VarSubscripts.Ring --emit-c -o "$D/Ring.c" || exit 1
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/Ring.o" "$D/Ring.c" || status=1

# Memory: J = floor(t / 0.1) samples by t (the grid 0.0071 never meets one); mem[a, :] = {m, -m}, m the
# last sample number with 1 + (m mod 3) = a (0 before), seen as w1 = mem[:, 1], w2 = mem[:, 2];
# word = {J, -J}.
"$MO2C" $M VarSubscripts.Memory -o "$D/Memory" || { echo "mo2c failed on Memory"; exit 1; }
simulate "$D" Memory -stopTime=0.994 -stepSize=0.0071 -noEventEmit -r=memory.csv '-variableFilter=j|word\[[12]\]|w[12]\[[123]\]' || exit 1
J='int(t / 0.1)'
closed_form "$D/memory.csv" 'word[1]' "$J" 0 || status=1
closed_form "$D/memory.csv" 'word[2]' "-$J" 0 || status=1
for a in 1 2 3; do   # m = the largest m <= J with m mod 3 = a - 1, and m >= 1
    LAST="($J - ($J - ($a - 1) + 3) % 3)"
    closed_form "$D/memory.csv" "w1[$a]" "($LAST >= 1 ? $LAST : 0)" 0 || status=1
    closed_form "$D/memory.csv" "w2[$a]" "($LAST >= 1 ? -$LAST : 0)" 0 || status=1
done

"$MO2C" $M VarSubscripts.AssignOutOfRange -o "$D/AssignOutOfRange" || { echo "mo2c failed on AssignOutOfRange"; exit 1; }
log=$(cd "$D" && ./AssignOutOfRange -stopTime=2 2>&1); rc=$?
msg=$(grep '^error:' <<<"$log")
if [ $rc -ne 1 ] || ! [[ "$msg" =~ ^error:\ at\ time\ ([0-9.e-]+):\ index\ 4\ out\ of\ range\ 1\.\.3\ for\ x\[k\]\ :=\ \.\.\.\ at\ VarSubscripts\.mo:95$ ]] ||
   ! awk -v t="${BASH_REMATCH[1]}" 'BEGIN { exit !(t >= 1 && t < 1.01) }'; then
    echo "FAIL: AssignOutOfRange (exit $rc): $log"; status=1
else
    echo "ok   $msg"
fi
# Repeated: x_i = exp(-i t / N) (N = 2000), k as in Main; y[i] = x[k] i, g[i] = x[k - 1] i while k > 1,
# else -i. The N references to x[k] are read through one variable: compiling takes memory linear in N
# (it was N^2: a copy of the 2000 elements per reference, 500 MB; now under 40 MB of arena).
# build_small MODEL [MB]: builds VarSubscripts.MODEL with --stats and checks its arena after codegen is
# under MB (default 40)
build_small() {
    "$MO2C" --stats $M "VarSubscripts.$1" -o "$D/$1" 2>"$D/$1.stats" || { echo "mo2c failed on $1"; return 2; }
    local arena
    arena=$(sed -n 's/^mo2c: stats: codegen *[0-9.]* s *\([0-9.]*\) MB arena.*/\1/p' "$D/$1.stats")
    if ! awk -v a="$arena" -v m="${2:-40}" 'BEGIN { exit !(a != "" && a < m) }'; then
        echo "FAIL: $1: $arena MB of arena after codegen (expected under ${2:-40})"; return 1
    fi
    echo "ok   $1: $arena MB of arena after codegen"
}
build_small Repeated; rc=$?
[ $rc = 2 ] && exit 1
[ $rc = 0 ] || status=1
simulate "$D" Repeated -stopTime=0.98 -stepSize=0.007 -noEventEmit -tolerance=1e-10 -r=repeated.csv \
    '-variableFilter=k|y\[1\]|y\[2000\]|g\[[12]\]' || exit 1
closed_form "$D/repeated.csv" k "$K" 0 || status=1
closed_form "$D/repeated.csv" 'y[1]' "exp(-$K * t / 2000)" 1e-7 || status=1
closed_form "$D/repeated.csv" 'y[2000]' "2000 * exp(-$K * t / 2000)" 1e-7 || status=1
for i in 1 2; do
    closed_form "$D/repeated.csv" "g[$i]" "($K > 1 ? $i * exp(-($K - 1) * t / 2000) : -$i)" 1e-7 || status=1
done
# Shifted: x_i = exp(-i t / N) (N = 1000), k = j mod 3 after the j-th sample; y[i] = x[k + i] i,
# z[i] = y[2 i - 1 + k] + x[i]: 1000 and 499 distinct choices among 2000 and 1000 elements. The C reads
# the chosen slot in place, so its size does not grow with N: N = 700 and 1000 within 10 % (both large
# enough for the where strings in a table, codegen.c). Each reference was a C array of all the
# elements (164 KB at N = 1000, 120 KB at 700), and mo2c printed N^2 elements looking for loops.
# Each distinct choice is one node of the back end's graphs (daeutil.h): 20 MB of arena after codegen
# where the graphs' lists of the 2000 elements for each reference took 212 MB, and solving reads what
# each array's elements read once (mo_sym_arrays, sym.h) where the linear decomposition of each
# equation copied the 2000 elements for each x[k + i] (100 MB).
build_small Shifted; rc=$?
[ $rc = 2 ] && exit 1
[ $rc = 0 ] || status=1
simulate "$D" Shifted -stopTime=0.98 -stepSize=0.007 -noEventEmit -tolerance=1e-10 -r=shifted.csv \
    '-variableFilter=k|y\[1\]|y\[1000\]|z\[1\]|z\[499\]' || exit 1
KS='(int(t / 0.25) % 3)'
closed_form "$D/shifted.csv" k "$KS" 0 || status=1
closed_form "$D/shifted.csv" 'y[1]' "exp(-($KS + 1) * t / 1000)" 1e-7 || status=1
closed_form "$D/shifted.csv" 'y[1000]' "1000 * exp(-($KS + 1000) * t / 1000)" 1e-6 || status=1
closed_form "$D/shifted.csv" 'z[1]' "(1 + $KS) * exp(-(1 + 2 * $KS) * t / 1000) + exp(-t / 1000)" 1e-7 || status=1
closed_form "$D/shifted.csv" 'z[499]' "(997 + $KS) * exp(-(997 + 2 * $KS) * t / 1000) + exp(-499 * t / 1000)" 1e-6 || status=1
"$MO2C" $M VarSubscripts.Shifted --emit-c -o "$D/Shifted.c" || exit 1
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/Shifted.o" "$D/Shifted.c" || status=1
sed 's/N = 1000;/N = 700;/; s/model Shifted/model Shifted700/; s/end Shifted;/end Shifted700;/' $M > "$D/Shifted700.mo"
"$MO2C" "$D/Shifted700.mo" VarSubscripts.Shifted700 --emit-c -o "$D/Shifted700.c" || exit 1
small=$(stat -c %s "$D/Shifted700.c"); large=$(stat -c %s "$D/Shifted.c")
if ! awk -v s="$small" -v l="$large" 'BEGIN { exit !(l < 1.1 * s) }'; then
    echo "FAIL: Shifted: $large bytes of C at N = 1000, $small at N = 700 (expected within 10 %)"; status=1
else
    echo "ok   Shifted: $large bytes of C at N = 1000, $small at N = 700"
fi
# The solve stage's arena (what it adds to init-sort's) grows linearly with N: 1.8 and 7.3 MB at N = 500
# and 2000 (factor 4). The values at the start time that choose a torn loop's equations (solve.c,
# note_start_value) listed every element of x for each x[k + i], N^2: 4.4 and 48 MB of it (factor 11).
solve_arena() {
    sed "s/N = 1000;/N = $1;/; s/model Shifted/model Shifted$1/; s/end Shifted;/end Shifted$1;/" $M > "$D/Shifted$1.mo"
    "$MO2C" --stats "$D/Shifted$1.mo" "VarSubscripts.Shifted$1" --emit-c -o "$D/Shifted$1.c" 2>&1 |
        awk '/stats: init-sort/ { for (i = 1; i < NF; i++) if ($(i + 2) == "arena") a = $i }
             /stats: solve/ { for (i = 1; i < NF; i++) if ($(i + 2) == "arena") print $i - a }'
}
s500=$(solve_arena 500); s2000=$(solve_arena 2000)
if ! awk -v a="$s500" -v b="$s2000" 'BEGIN { exit !(a != "" && b != "" && a > 0 && b < 6 * a) }'; then
    echo "FAIL: Shifted: the solve stage's arena $s500 MB at N = 500, $s2000 MB at 2000 (expected under 6 times)"
    status=1
else
    echo "ok   Shifted: the solve stage's arena $s500 MB at N = 500, $s2000 MB at 2000"
fi
exit $status
