#!/usr/bin/env bash
# stateSelect honoured by state selection (specification 4.9.7.1; tests/models/StateSelection.mo):
#   Shaft: of w1 = der(phi) and w2 = der(phi), w2 (always) is the state, phi1 = cos(sqrt(0.8) t);
#   SmallCoefficient: w2 (always) stays a state although its column is the larger one, phi = cos(t),
#     w2 = -0.05 sin(t);
#   Pendulum: phi and w (always; no equation differentiates w) are the states, x, y, u, v against the
#     independent polar integration of tests/ref/pendulum_ref.c in the csv-compare tube at 1e-3;
#   Never: the differentiated flux is declared never, the current prefer: i is the state, i = exp(-t/2).
# Before, SmallCoefficient and Pendulum stopped with "has stateSelect = StateSelect.always, but it is no
# state of the model", Never with "... StateSelect.never, but the model needs it as a state".
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/state_select
rm -rf "$D"; mkdir -p "$D"
M=tests/models/StateSelection.mo
status=0
# states M NAME...: the states of model M in --dump=dae are exactly NAME...
states() {
    local m=$1; shift
    local got want
    got=$("$MO2C" --dump=dae "$M" "StateSelection.$m" 2>&1 | awk '$1 == "state" { print $3 }' | sort | tr '\n' ' ')
    want=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
    if [ "$got" != "$want" ]; then echo "FAIL: $m: states '$got', expected '$want'"; status=1; fi
}
states Shaft phi1 w2
states SmallCoefficient phi w2
states Pendulum phi 'der(phi)'
states Never i
for m in Shaft SmallCoefficient Pendulum Never; do
    "$MO2C" "$M" "StateSelection.$m" -o "$D/$m" || { echo "FAIL: mo2c $m"; exit 1; }
    simulate "$D" "$m" -stopTime=10 -stepSize=0.01 -tolerance=1e-8 -r="$m.csv" || exit 1
done
closed_form "$D/Shaft.csv" phi1 "cos(sqrt(0.8) * t)" 1e-5 || status=1
closed_form "$D/Shaft.csv" w2 "-sqrt(0.8) * sin(sqrt(0.8) * t)" 1e-5 || status=1
closed_form "$D/SmallCoefficient.csv" phi "cos(t)" 1e-5 || status=1
closed_form "$D/SmallCoefficient.csv" w2 "-0.05 * sin(t)" 1e-6 || status=1
closed_form "$D/Never.csv" i "exp(-t / 2)" 1e-6 || status=1
closed_form "$D/Never.csv" Phi_ind "2 * exp(-t / 2)" 1e-6 || status=1
"$REFBIN/pendulum_ref" "$D/ref.csv" 10 1000 || exit 1
"$REFBIN/csvcmp" --tube 1e-3 "$D/ref.csv" "$D/Pendulum.csv" x y u v || status=1
exit $status
