#!/usr/bin/env bash
# State machines (spec chapter 17, analysis/statemachines.c): tests/models/StateMachines.mo's example of
# 17.1 (ticksInState in a delayed transition), the inner machine of 17.3.7's example at the top level
# (outer outputs defined in several states, delayed transitions, priorities), and a machine with local
# variables reset by reset transitions, an immediate transition beating a delayed one by priority, a
# self-transition, ticksInState/timeInState in states and conditions; the hierarchical and parallel
# machines of 17.3.7's example (inner outer v, count reset with state1, i and j with their states), also
# with a synchronize transition; the outputs of two states connected to one input (17.3.6), also inside a
# state around their machine; der() in
# states of a machine discretized by ExplicitEuler (kept while inactive, restarted by a reset); against the
# semantics model of
# 17.3.5 run by hand (tests/ref/statemachines_ref.py) half-way between ticks; and --flat keeps the
# transitions as written.
set -u
D=$OUT/statemachines
rm -rf "$D"; mkdir -p "$D"
status=0
for m in Spec171 Outer Resets Hierarchical Synchronize Outputs Integrate InnerOutputs; do
    case $m in Spec171) step=0.0005;; Hierarchical|Synchronize) step=0.5;; *) step=0.05;; esac
    "$MO2C" tests/models/StateMachines.mo "StateMachines.$m" -o "$D/$m" || { echo "FAIL: mo2c $m"; status=1; continue; }
    log=$(cd "$D" && "./$m" -stepSize=$step -r="$m.csv" 2>&1) || { echo "FAIL: $m: $log"; status=1; continue; }
    python3 tests/ref/statemachines_ref.py "$m" "$D/$m.csv" || status=1
done
# Reentry (closed form, half-way between the ticks at 0, 0.1, ...): p is left at 0.2, entered again at 0.5
# without reset; a's timeInState counts from 0.5, so b is active from 0.9 (it counted from the first
# entry, and b followed at once at 0.5)
if "$MO2C" tests/models/StateMachines.mo StateMachines.Reentry -o "$D/Reentry" &&
   (cd "$D" && ./Reentry -stopTime=1.2 -stepSize=0.05 -r=Reentry.csv >/dev/null); then
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { k = int($1 * 100 + 0.5); if (k % 10 != 5) next; want = $1 > 0.9 ? 1 : 0
          if ($c["\"inB\""] != want) { print "FAIL: Reentry: inB at t=" $1 " is " $c["\"inB\""] ", want " want; bad = 1 } n++ }
        END { if (n < 10) { print "FAIL: Reentry: " n " rows"; bad = 1 } exit bad }' "$D/Reentry.csv" || status=1
else echo "FAIL: Reentry did not build or run"; status=1; fi
# InputBinding (closed form half-way between ticks): a's input set by a modifier (was refused as "an
# equation of the state that determines no variable of its own"); a is active at ticks 1..4, so
# a.x = m (m + 1) with m = min(tick, 4)
if "$MO2C" tests/models/StateMachines.mo StateMachines.InputBinding -o "$D/InputBinding" &&
   (cd "$D" && ./InputBinding -stopTime=0.8 -stepSize=0.05 -r=InputBinding.csv >/dev/null); then
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { k = int($1 * 100 + 0.5); if (k % 10 != 5) next; m = int($1 * 10) + 1; if (m > 4) m = 4; want = m * (m + 1)
          if ($c["\"a.x\""] != want) { print "FAIL: InputBinding: a.x at t=" $1 " is " $c["\"a.x\""] ", want " want; bad = 1 } n++ }
        END { if (n < 7) { print "FAIL: InputBinding: " n " rows"; bad = 1 } exit bad }' "$D/InputBinding.csv" || status=1
else echo "FAIL: InputBinding did not build or run"; status=1; fi
# Chain (closed form half-way between the ticks at 0, 0.1, ...): 2000 states in a ring, s[i] adding i to
# the one outer output v, each left at the next tick: s[j + 1] is active at tick j, v = (j + 1) (j + 2) / 2.
# Its merged equation v = if activeState(s[1]) then .. elseif .. (2000 branches) was solved for each of
# its 2000 variables, building the if-expression anew for each: 285 MB of arena after codegen, now 60;
# under 100 MB here (arena linear in N: 31, 60, 118 MB at N = 1000, 2000, 4000)
if "$MO2C" --stats tests/models/StateMachines.mo StateMachines.Chain -o "$D/Chain" 2>"$D/Chain.stats" &&
   (cd "$D" && ./Chain -stopTime=1 -stepSize=0.05 -r=Chain.csv >/dev/null); then
    arena=$(sed -n 's/^mo2c: stats: codegen *[0-9.]* s *\([0-9.]*\) MB arena.*/\1/p' "$D/Chain.stats")
    awk -v a="$arena" 'BEGIN { exit !(a != "" && a < 100) }' ||
        { echo "FAIL: Chain: $arena MB of arena after codegen (expected under 100)"; status=1; }
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { k = int($1 * 100 + 0.5); if (k % 10 != 5) next; j = int($1 * 10); want = (j + 1) * (j + 2) / 2
          if ($c["\"v\""] != want) { print "FAIL: Chain: v at t=" $1 " is " $c["\"v\""] ", want " want; bad = 1 } n++ }
        END { if (n < 10) { print "FAIL: Chain: " n " rows"; bad = 1 } exit bad }' "$D/Chain.csv" || status=1
else echo "FAIL: Chain did not build or run"; status=1; fi
"$MO2C" --flat tests/models/StateMachines.mo StateMachines.Resets > "$D/resets.flat" || exit 1
for line in '  transition(a, c, tick == 9, immediate = true, reset = true, synchronize = false, priority = 1); // tests/models/StateMachines.mo:84:5' \
            '  initialState(a); // tests/models/StateMachines.mo:82:5' \
            '  inC = activeState("c"); // tests/models/StateMachines.mo:77:19 binding'; do
    grep -qxF "$line" "$D/resets.flat" || { echo "FAIL: --flat lacks: $line"; status=1; }
done
exit $status
