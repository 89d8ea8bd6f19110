#!/usr/bin/env bash
# Parameters folded into the equations before structural analysis (compiler/analysis/fold.c, 18.3) on
# tests/models/Fold.mo: Cval = 0 (Evaluate = true) given by final modifiers to a capacitor (C*der(v))
# and to a junction whose capacitance is smooth(1, tau*exp(v)/(1 + v^2) + cj), cj = smooth(1, Cj*...).
# Folded, der(v) vanishes from both, so the circuit has the one state m; compared with its closed form
# (derived in the model's comment) within 1e-6 at -tolerance=1e-10. Without the fold mo2c took v for a
# state candidate and the simulator stopped on a singular system (MSL HeatingNPN_NORGate). -override of
# the folded parameters is refused, of the others accepted.
# Fold.ZeroR (the MSL's Spice3 transistors): a final record computed by a function gives a resistance 0
# multiplying the current ird; folded (its model card parameter becomes structural), Dint = sin(t) and
# ird = cos(t) + 2 sin(t). Before: division by zero at time 0 (ird = (D - Dint)/c.r).
# Fold.Winding: a final parameter that is 0 (N.im of N = polar(2, o[1]), o from a function with a
# comprehension, which fneval.c evaluates) is folded (FundamentalWave's windings), against y = exp(-2 t);
# -override of o[1] is refused.
# Fold.Call: protected parameters bound to calls of functions with array inputs and outputs (MultiBody's
# Revolute: e = normalizeWithAssert(n)), run when the model is compiled and folded: w[1] = e[1]*v is
# w[1] = 0, v an alias of x, y = {7, 13}*x (matrix-vector products); the simulator agrees with
# x = exp(-t), R[1, 1] = cos(x); -override of e[1] is refused. R = planar(u, x) with u = {1, 0} folded:
# R[1, 2] and R[2, 1] are the constant 0 (the call inlined, a matrix constructor, and simplified); the
# protected ub = normalize(b) is not folded (b has no Evaluate = true), so Rb[1, 2] is a variable.
# Before, the calls were left to the simulator and the size of z (a call from an array dimension) was
# refused.
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/fold_params
rm -rf "$D"; mkdir -p "$D"
status=0
"$MO2C" tests/models/Fold.mo Fold.RC -o "$D/RC" 2> "$D/mo2c.err" || { echo "FAIL: mo2c"; cat "$D/mo2c.err"; exit 1; }
[ ! -s "$D/mo2c.err" ] || { echo "FAIL: mo2c wrote:"; cat "$D/mo2c.err"; status=1; }
"$MO2C" --dump=blt tests/models/Fold.mo Fold.RC | grep -qx "states: m" || { echo "FAIL: states are not just m"; status=1; }
simulate "$D" RC -tolerance=1e-10 -r=RC.csv || exit 1
awk 'BEGIN { print "time,m,n,c1.i,j.i,j.c"; a = 1 / 3; b = 2 / 3
             for (i = 0; i <= 500; i++) { t = i / 100
                 m = (a * b * sin(t) - a * cos(t) + a * exp(-b * t)) / (1 + b * b); n = (sin(t) + m) / 3
                 printf "%.17g,%.17g,%.17g,0,%.17g,0\n", t, m, n, n } }' > "$D/RC.ref.csv"
"$REFBIN/csvcmp" --abs 1e-6 "$D/RC.ref.csv" "$D/RC.csv" m n c1.i j.i j.c > "$D/cmp" || { echo "FAIL: RC"; cat "$D/cmp"; status=1; }
for p in Cval c1.C j.Cj; do
    log=$(cd "$D" && ./RC -override=$p=1 2>&1); rc=$?
    want="error: -override: parameter '$p' cannot be overridden (its value was used when the model was compiled"
    [ $rc = 1 ] && grep -qF -- "$want" <<<"$log" || { echo "FAIL: -override=$p=1 (exit $rc): $log"; status=1; }
done
log=$(cd "$D" && ./RC -override=R1=2 -outputFormat=empty 2>&1) || { echo "FAIL: -override=R1=2: $log"; status=1; }
"$MO2C" tests/models/Fold.mo Fold.ZeroR -o "$D/ZeroR" 2> "$D/zr.err" || { echo "FAIL: mo2c ZeroR"; cat "$D/zr.err"; exit 1; }
simulate "$D" ZeroR -tolerance=1e-10 -r=ZeroR.csv || exit 1
awk 'BEGIN { print "time,d.Dint,d.ird"
             for (i = 0; i <= 500; i++) { t = i / 100; printf "%.17g,%.17g,%.17g\n", t, sin(t), cos(t) + 2 * sin(t) } }' > "$D/ZeroR.ref.csv"
"$REFBIN/csvcmp" --abs 1e-6 "$D/ZeroR.ref.csv" "$D/ZeroR.csv" d.Dint d.ird > "$D/cmp" || { echo "FAIL: ZeroR"; cat "$D/cmp"; status=1; }
log=$(cd "$D" && ./ZeroR -override=d.RD=1 2>&1); rc=$?
want="error: -override: parameter 'd.RD' cannot be overridden (its value was used when the model was compiled"
[ $rc = 1 ] && grep -qF -- "$want" <<<"$log" || { echo "FAIL: -override=d.RD=1 (exit $rc): $log"; status=1; }
states=$("$MO2C" --dump=blt tests/models/Fold.mo Fold.ZeroRUnfixed | head -1)
[ "$states" = "states: d.Dint" ] || { echo "FAIL: Fold.ZeroRUnfixed: $states (a resistance computed by the initialization was folded)"; status=1; }
# Fold.Winding: N.im = 0 (a final record field computed by functions, one with a comprehension) is folded
"$MO2C" --dump=dae tests/models/Fold.mo Fold.Winding | grep -qx "  e0: der(y) = -N.re \* y" ||
    { echo "FAIL: Winding: N.im*y not folded away"; "$MO2C" --dump=dae tests/models/Fold.mo Fold.Winding; status=1; }
"$MO2C" tests/models/Fold.mo Fold.Winding -o "$D/W" 2> "$D/w.err" || { echo "FAIL: mo2c Winding"; cat "$D/w.err"; exit 1; }
if simulate "$D" W -tolerance=1e-10 -r=W.csv; then closed_form "$D/W.csv" y 'exp(-2 * t)' 1e-7 || status=1; else status=1; fi
log=$(cd "$D" && ./W '-override=o[1]=1' 2>&1); rc=$?
want="error: -override: parameter 'o[1]' cannot be overridden"
[ $rc = 1 ] && grep -qF -- "$want" <<<"$log" || { echo "FAIL: -override=o[1]=1 (exit $rc): $log"; status=1; }
"$MO2C" --dump=dae tests/models/Fold.mo Fold.Call > "$D/call.dae" 2>&1 || { echo "FAIL: mo2c Fold.Call"; cat "$D/call.dae"; exit 1; }
for want in "alias              v = x" "alias              w[1] = 0.0" "alias              w[2] = 0.0" \
            "e18: y[1] = 7.0 * x" "e19: y[2] = 13.0 * x" "alias              z[5] = 1" \
            "alias              R[1,2] = 0.0" "alias              R[2,1] = 0.0" "algebraic  y[3]    Rb[1,2]"; do
    grep -qxF "  $want" "$D/call.dae" || { echo "FAIL: Fold.Call's DAE has no line '$want'"; status=1; }
done
"$MO2C" tests/models/Fold.mo Fold.Call -o "$D/Call" || { echo "FAIL: mo2c Fold.Call"; exit 1; }
simulate "$D" Call -tolerance=1e-10 -r=Call.csv || exit 1
awk 'BEGIN { print "time,v,y[2],\"R[1,1]\""
             for (i = 0; i <= 500; i++) { t = i / 500; x = exp(-t); printf "%.17g,%.17g,%.17g,%.17g\n", t, x, 13 * x, cos(x) } }' \
    > "$D/Call.ref.csv"
"$REFBIN/csvcmp" --abs 1e-6 "$D/Call.ref.csv" "$D/Call.csv" v "y[2]" "R[1,1]" > "$D/cmp.call" ||
    { echo "FAIL: Call"; cat "$D/cmp.call"; status=1; }
log=$(cd "$D" && ./Call -override=e[1]=1 2>&1); rc=$?
grep -qF -- "error: -override: parameter 'e[1]' cannot be overridden" <<<"$log" && [ $rc = 1 ] ||
    { echo "FAIL: -override=e[1]=1 (exit $rc): $log"; status=1; }
# Fold.AliasDer: der(a) and der(b) made before alias elimination found their coefficient c = 0 and a = b;
# der(b) an alias of der(a) is no use of it: both are dropped, a is no state, and nothing is
# differentiated (before: a a state under a = sin(t), the equation differentiated by index reduction)
"$MO2C" --units=off --dump=dae tests/models/Fold.mo Fold.AliasDer > "$D/aliasder.dae" 2>&1 ||
    { echo "FAIL: mo2c --dump=dae Fold.AliasDer"; cat "$D/aliasder.dae"; exit 1; }
for want in "algebraic  y[0]    a" "unused             der(a)" "unused             der(b)"; do
    grep -qxF "  $want" "$D/aliasder.dae" || { echo "FAIL: Fold.AliasDer's DAE has no line '$want'"; status=1; }
done
! grep -qF "[d/dt" "$D/aliasder.dae" || { echo "FAIL: Fold.AliasDer has a differentiated equation"; status=1; }
"$MO2C" --units=off tests/models/Fold.mo Fold.AliasDer -o "$D/AliasDer" || { echo "FAIL: mo2c Fold.AliasDer"; exit 1; }
simulate "$D" AliasDer -r=AliasDer.csv || exit 1
closed_form "$D/AliasDer.csv" i "2 * sin(t)" 1e-12 || status=1
closed_form "$D/AliasDer.csv" ia "sin(t)" 1e-12 || status=1
# Fold.AliasDerKept: va = der(b), a variable of the model, is a use of der(a): va = cos(t)
"$MO2C" --units=off tests/models/Fold.mo Fold.AliasDerKept -o "$D/AliasDerKept" || { echo "FAIL: mo2c Fold.AliasDerKept"; exit 1; }
simulate "$D" AliasDerKept -r=AliasDerKept.csv || exit 1
closed_form "$D/AliasDerKept.csv" va "cos(t)" 1e-12 || status=1
closed_form "$D/AliasDerKept.csv" i "2 * sin(t)" 1e-12 || status=1
exit $status
