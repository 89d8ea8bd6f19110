#!/usr/bin/env bash
# pre(), change() of String variables (tests/models/StringPre.mo) against closed forms at every output
# point (grid 0.013 with -noEventEmit: no row at an event instant):
#   PreBuilt    s = String(k), k 0 -> 1 at t = 0.5: same = (pre(s) == s) is 1 then 0, same2 =
#               (pre(s2) == "k=0") 0 then 1 (pre of a built String read its current value: 1 and 0);
#   PreChoice   s = if b then String(k) else "none": same 1 then 0, wasNone 0 then 1 (the compiler crashed);
#   ChangeBuilt change(String(k)), k + 1 at t = 0.1, 0.3, ...: c = the sample instants passed;
#   ChangeHeld  change(mode) of a String toggled at the same instants: the same count (an internal error);
#   HeldCompare mode b -> c -> a -> b ... at those instants (c of them passed): mode == "a" iff c mod 3 = 2,
#               and so on; u = "y" iff k = 2; the C compares Integers (no strcmp: a strcmp of an n-way
#               choice at each of n reads made the C quadratic).
#   EventCall   s = String(integer(10*time)), when s == "3": t3 = 0.3 (integer() made no event inside a String:
#               t3 stayed -1); EventCallState: s = String(integer(4*time)), when s == "1": t1 = 0.25;
#   PreRelation s = String(time > 0.5): at its event pre(s) == "false" (was 0 then 1, same 1 then 0);
#   NamedArg    s = String(1.23456, significantDigits = n), n 2 -> 4 at t = 0.5: pre(s) == "1.2" there (the
#               named argument was read current: was stayed 0).
#   PreEventCall   s = String(integer(10*time)): at t = 0.3 pre(s) == "2" (wasTwo 0 then 1, same 1 then 0);
#   ChangeEventCall change(s) of it: c = int(10 t) (never fired: pre of integer() was its new value, 02).
#   GuardedEventCall s = if x > 0.1 then String(integer(1/x)) else "none", x = t: change(s) at 0.1, 1/9, ...,
#               1/2: n = 10 - int(1/t) from t = 0.1, pre(s) == "none" at the first (first on [0.1, 1/9)),
#               pre(s) == "9" at the second (nine on [1/9, 1/8)) (integer(1/x), a variable of its own, was
#               computed outside its branch: "division by zero" at t = 0).
source tests/ref/lib.sh
D=$OUT/string_pre
rm -rf "$D"; mkdir -p "$D"
M=tests/models/StringPre.mo
status=0
run() { build_sim $M StringPre "$1" -stopTime=1 -stepSize=0.013 -noEventEmit; }
if run PreBuilt; then
    closed_form "$D/PreBuilt.csv" same "(t > 0.5 ? 0 : 1)" 0 || status=1
    closed_form "$D/PreBuilt.csv" same2 "(t > 0.5 ? 1 : 0)" 0 || status=1
else status=1; fi
if run PreChoice; then
    closed_form "$D/PreChoice.csv" same "(t > 0.5 ? 0 : 1)" 0 || status=1
    closed_form "$D/PreChoice.csv" wasNone "(t > 0.5 ? 1 : 0)" 0 || status=1
else status=1; fi
for m in ChangeBuilt ChangeHeld; do
    if run $m; then
        closed_form "$D/$m.csv" c "(t > 0.1 ? int((t - 0.1) / 0.2) + 1 : 0)" 0 || status=1
    else status=1; fi
done
if run HeldCompare; then
    c="(t > 0.1 ? int((t - 0.1) / 0.2) + 1 : 0)"
    closed_form "$D/HeldCompare.csv" isA "($c % 3 == 2 ? 1 : 0)" 0 || status=1
    closed_form "$D/HeldCompare.csv" notA "($c % 3 == 2 ? 0 : 1)" 0 || status=1
    closed_form "$D/HeldCompare.csv" isB "($c % 3 == 0 ? 1 : 0)" 0 || status=1
    closed_form "$D/HeldCompare.csv" none 0 0 || status=1
    closed_form "$D/HeldCompare.csv" uy "($c == 2 ? 1 : 0)" 0 || status=1
    closed_form "$D/HeldCompare.csv" unx "($c == 2 ? 1 : 0)" 0 || status=1
    closed_form "$D/HeldCompare.csv" puy "($c == 2 ? 1 : 0)" 0 || status=1
    "$MO2C" $M StringPre.HeldCompare --emit-c -o "$D/held.c" || status=1
    if grep -q strcmp "$D/held.c"; then echo "FAIL: HeldCompare's C compares Strings"; status=1; fi
else status=1; fi
if run EventCall; then
    closed_form "$D/EventCall.csv" t3 "(t > 0.3 ? 0.3 : -1)" 1e-6 || status=1
else status=1; fi
if run EventCallState; then
    closed_form "$D/EventCallState.csv" t1 "(t > 0.25 ? 0.25 : -1)" 1e-6 || status=1
else status=1; fi
for m in PreRelation NamedArg; do
    if run $m; then
        closed_form "$D/$m.csv" was "(t > 0.5 ? 1 : 0)" 0 || status=1
        closed_form "$D/$m.csv" same "(t > 0.5 ? 0 : 1)" 0 || status=1
    else status=1; fi
done
if run PreEventCall; then
    closed_form "$D/PreEventCall.csv" wasTwo "(t > 0.3 ? 1 : 0)" 0 || status=1
    closed_form "$D/PreEventCall.csv" same "(t > 0.3 ? 0 : 1)" 0 || status=1
else status=1; fi
if run ChangeEventCall; then
    closed_form "$D/ChangeEventCall.csv" c "int(10 * t)" 0 || status=1
else status=1; fi
if run GuardedEventCall; then
    closed_form "$D/GuardedEventCall.csv" n "(t < 0.1 ? 0 : 10 - int(1/t))" 0 || status=1
    closed_form "$D/GuardedEventCall.csv" first "(t > 0.1 && t < 1/9 ? 1 : 0)" 0 || status=1
    closed_form "$D/GuardedEventCall.csv" nine "(t > 1/9 && t < 1/8 ? 1 : 0)" 0 || status=1
else status=1; fi
exit $status
