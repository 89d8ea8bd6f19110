#!/usr/bin/env bash
# Algebraic loops through an ideal op amp's limiter (runtime/algebra.c mo2c_solve_nonlinear):
# tests/models/NlPiecewise.mo, an amplifier that saturates and comes back, and a Schmitt trigger that
# switches between its saturated branches, against closed forms. Before: the Newton steps stopped
# where the residual was rounding noise (the amplifier at t = 0.501: "not making progress"), and from a
# saturated branch that has vanished no step reached the other one across the narrow linear band (the
# Schmitt trigger at t = 0.39, as the MSL's OpAmps.SchmittTrigger and Multivibrator).
source tests/ref/lib.sh
D=$OUT/nl_piecewise
rm -rf "$D"; mkdir -p "$D"
for m in Amplifier Schmitt; do
    "$MO2C" tests/models/NlPiecewise.mo NlPiecewise.$m -o "$D/$m" || { echo "FAIL: mo2c $m"; exit 1; }
    simulate "$D" $m -r=$m.csv || exit 1
done
# out = V0 u/(1 + k V0) within the supply voltages, u = 10 sin(2 pi t)
closed_form "$D/Amplifier.csv" out \
    '(l = 15000 * 10 * sin(2 * 3.141592653589793 * t) / 7501) > 15 ? 15 : (l < -15 ? -15 : l)' 1e-9 || exit 1
# u = -10 cos(2 pi t) rises above k Vps = 7.5 at t1 and falls below -7.5 at t2: out = -15 between them
closed_form "$D/Schmitt.csv" out \
    '(t > atan2(sqrt(1 - 0.5625), -0.75) / (2 * 3.141592653589793) && t < 1 - atan2(sqrt(1 - 0.5625), 0.75) / (2 * 3.141592653589793)) ? -15 : 15' 1e-9 || exit 1
# and vin = k out - u on the branch (the loop's other unknown)
closed_form "$D/Schmitt.csv" vin \
    '((t > atan2(sqrt(1 - 0.5625), -0.75) / (2 * 3.141592653589793) && t < 1 - atan2(sqrt(1 - 0.5625), 0.75) / (2 * 3.141592653589793)) ? -7.5 : 7.5) + 10 * cos(2 * 3.141592653589793 * t)' 1e-9 || exit 1
exit 0
