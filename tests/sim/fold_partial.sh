#!/usr/bin/env bash
# Calls evaluated partly when the model is compiled (analysis/dae.c fold_call, instantiate/fneval.c
# mo_fn_eval_partial) on tests/models/Fold.mo's PartialCall, as the MSL's Spice3 transistors need them
# (CascodeCircuit's JFETs with CGS = CGD = 0, Inverter's MOSFETs with CBD = CBS = 0): a record component
# declared with Evaluate = true has its fields evaluated (18.3), the function's output c is 0 whatever
# the voltage when the card's C0 is 0 (its if-statement's condition is not known: both ways give 0), so
# c*der(v) vanishes and n0.v is algebraic: v = sin(t)/3, i = 2 sin(t)/3. The output i, which the two ways
# of another if-statement give differently (g*v, 0), is not folded. n1 (C0 = 1) keeps its state:
# v = 0.3 sin(t) - 0.1 cos(t) + 0.1 exp(-3 t) (derived in the model's comment). -override of the card's
# C0 is refused (structural). Before: the simulator divided by c = 0 at time 0.
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/fold_partial
rm -rf "$D"; mkdir -p "$D"
status=0
"$MO2C" --dump=dae tests/models/Fold.mo Fold.PartialCall > "$D/dae" 2>&1 || { echo "FAIL: mo2c --dump=dae"; cat "$D/dae"; exit 1; }
for want in "alias              n0.cc.c = 0.0" "algebraic  y[1]    n0.v  start = 0" "unused             der(n0.v)" \
            "e0: n0.cc.i = Fold.node(0.0, 10.0, 2.0, {n0.v})  (in 'n0')" "state      x[0]    n1.v  start = 0 (fixed)  der = der(n1.v)"; do
    grep -qxF "  $want" "$D/dae" || { echo "FAIL: PartialCall's DAE has no line '$want'"; status=1; }
done
"$MO2C" tests/models/Fold.mo Fold.PartialCall -o "$D/P" 2> "$D/mo2c.err" || { echo "FAIL: mo2c"; cat "$D/mo2c.err"; exit 1; }
[ ! -s "$D/mo2c.err" ] || { echo "FAIL: mo2c wrote:"; cat "$D/mo2c.err"; status=1; }
simulate "$D" P -tolerance=1e-10 -r=P.csv || exit 1
awk 'BEGIN { print "time,n0.v,n0.cc.i,n0.ic,n1.v"
             for (i = 0; i <= 500; i++) { t = i / 100
                 printf "%.17g,%.17g,%.17g,0,%.17g\n", t, sin(t) / 3, 2 * sin(t) / 3, 0.3 * sin(t) - 0.1 * cos(t) + 0.1 * exp(-3 * t) } }' \
    > "$D/P.ref.csv"
"$REFBIN/csvcmp" --abs 1e-6 "$D/P.ref.csv" "$D/P.csv" n0.v n0.cc.i n0.ic n1.v > "$D/cmp" || { echo "FAIL: PartialCall"; cat "$D/cmp"; status=1; }
log=$(cd "$D" && ./P -override=n0.card.C0=1 2>&1); rc=$?
want="error: -override: parameter 'n0.card.C0' cannot be overridden (its value was used when the model was compiled"
[ $rc = 1 ] && grep -qF -- "$want" <<<"$log" || { echo "FAIL: -override=n0.card.C0=1 (exit $rc): $log"; status=1; }
exit $status
