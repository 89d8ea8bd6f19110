#!/usr/bin/env bash
# Models in the spirit of Modelica by Example (Michael Tiller's book, written for the MSL 3.2.3), in
# tests/models/ByExample.mo, compiled against ../shared/msl/3.2.3 (Modelica.SIunits, its conversion
# functions, the 3.2.3 components) and compared with references computed outside mo2c:
#   NewtonCooling, CoolingComponents, CoolingBlocks.temperature: m c_p T' = h A (T_inf - T), so
#     T = T_inf + (T0 - T_inf) exp(-t/tau), tau = m c_p/(h A) = 0.12/0.7 s, T0 = 363.15 K, T_inf = 298.15 K;
#   NewtonCoolingDynamic: the same with T_inf stepping to 333.15 K at t = 0.5 (an event), piecewise;
#   CoolingBlocks.lag: k/(T s + 1) after a step of 2 at 0.2: y = 6 (1 - exp(-(t - 0.2)/0.25)) after 0.2;
#   RLC: L i' + R i + v = V, C v' = i from rest (underdamped, alpha = R/2L = 1, w0^2 = 1/LC = 100):
#     v = V (1 - exp(-alpha t)(cos(wd t) + alpha/wd sin(wd t))), i = V/(L wd) exp(-alpha t) sin(wd t);
#   SMD: the seed's spring-mass-damper from Rotational components: expm(A t) x0 (tests/ref/smd_ref.c;
#     its spring1.tau is the seed's, phi_a - phi_b, where the MSL's Spring takes phi_b - phi_a: the flange
#     torques are compared instead).
# Runs at -tolerance=1e-9; the closed forms must hold to 1e-6 of the signal's scale.
# Skipped without ../shared/msl/3.2.3.
[ -n "$SHARED" ] && [ -d "$SHARED/msl/3.2.3/Modelica" ] || { echo "no ../shared/msl/3.2.3"; exit 77; }
source tests/ref/lib.sh
D=$OUT/by_example; rm -rf "$D"; mkdir -p "$D"
status=0
# run NAME: compile ByExample.NAME against the MSL 3.2.3 and simulate it into $D/NAME.csv
run() {
    "$MO2C" -L "$SHARED/msl/3.2.3" tests/models/ByExample.mo "ByExample.$1" -o "$D/$1" 2>"$D/err" ||
        { echo "FAIL $1: mo2c failed"; cat "$D/err"; status=1; return 1; }
    simulate "$D" "$1" -tolerance=1e-9 -noEventEmit -r="$1.csv" || { status=1; return 1; }
}
TAU="(0.1*1.2/0.7)"
COOL="298.15 + 65*exp(-t/$TAU)"
if run NewtonCooling; then closed_form "$D/NewtonCooling.csv" T "$COOL" 3e-4 || status=1; fi
if run NewtonCoolingDynamic; then
    T05="(298.15 + 65*exp(-0.5/$TAU))"
    closed_form "$D/NewtonCoolingDynamic.csv" T "t < 0.5 ? $COOL : 333.15 + ($T05 - 333.15)*exp(-(t - 0.5)/$TAU)" 3e-4 || status=1
    closed_form "$D/NewtonCoolingDynamic.csv" T_inf "t < 0.5 ? 298.15 : 333.15" 1e-9 || status=1
fi
if run CoolingComponents; then
    closed_form "$D/CoolingComponents.csv" capacitor.T "$COOL" 3e-4 || status=1
    closed_form "$D/CoolingComponents.csv" convection.Q_flow "0.7*65*exp(-t/$TAU)" 1e-4 || status=1
fi
if run CoolingBlocks; then
    closed_form "$D/CoolingBlocks.csv" temperature.y "$COOL" 3e-4 || status=1
    closed_form "$D/CoolingBlocks.csv" lag.y "t < 0.2 ? 0 : 6*(1 - exp(-(t - 0.2)/0.25))" 6e-6 || status=1
fi
if run RLC; then
    WD="sqrt(99)"
    closed_form "$D/RLC.csv" capacitor.v "10*(1 - exp(-t)*(cos($WD*t) + sin($WD*t)/$WD))" 1e-5 || status=1
    closed_form "$D/RLC.csv" inductor.i "10/$WD*exp(-t)*sin($WD*t)" 1e-6 || status=1
    closed_form "$D/RLC.csv" resistor.v "20/$WD*exp(-t)*sin($WD*t)" 2e-6 || status=1
fi
build_ref_tools || exit 1
"$REFBIN/smd_ref" "$D/smd_ref.csv" 5 500 2>/dev/null || exit 1
if run SMD; then
    "$REFBIN/csvcmp" --abs 1e-6 "$D/smd_ref.csv" "$D/SMD.csv" inertia1.phi inertia1.w inertia2.phi inertia2.w \
        inertia1.flange_b.tau inertia2.flange_a.tau inertia2.flange_b.tau || status=1
fi
exit $status
