#!/usr/bin/env bash
# Ideal thyristors that hand the current over to each other (tests/models/TriacRL.mo, the circuit of the
# MSL's Dimmer_RL): against the closed form of the load current. Fired at alpha = 0.3 rad, below the
# load angle phi = atan(w L / R), the triac conducts without a gap from the first firing t0 = alpha / w
# on (the current's zero crossings fall at phases 1.18 to 1.26 rad, inside thyristor 1's firing window
# (alpha, pi), and 4.40 to 4.61 rad, inside thyristor 2's (pi + alpha, 2 pi)), so
#   i = 0 before t0,  i = V/Z (sin(w t - phi) - sin(alpha - phi) exp(-(t - t0) / tau)) after,
# with Z = sqrt(R^2 + (w L)^2) and tau = L / R (Ron = Goff = 1e-9 change it by less than 1e-7 A), within
# 5e-3 A of 30 A at the default tolerance (the integration error: 2e-3) and 1e-5 at 1e-9 (4e-6).
# Before: the loop (linear in each mode, with the relations frozen) was solved by Newton to 1e-10 of
# its unknowns, and from t = 0.064 the off thyristor's s, -Ron*i = -1e-14, came out of the wrong sign;
# then (solved exactly) its rounding noise of 1e-14 from the node voltages of 100 V still flipped
# 's1 < 0' at each pass of the event iteration, which compared it exactly while the loop took it as a
# tie (runtime/mixed.c): 100 passes, "did not converge" at t = 0.304.
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/mixed_triac
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/TriacRL.mo -o "$D/TriacRL" || { echo "FAIL: mo2c"; exit 1; }
# the constants, then the closed form as an awk expression in t
read -r Z phi t0 < <(awk 'BEGIN { w = 2 * 3.14159265358979 * 50; L = 0.01;
    printf "%.17g %.17g %.17g\n", sqrt(1 + w * w * L * L), atan2(w * L, 1), 0.3 / w }')
ref="(t < $t0 ? 0 : 100 / $Z * (sin(2 * 3.14159265358979 * 50 * t - $phi) - sin(0.3 - $phi) * exp(-(t - $t0) / 0.01)))"
simulate "$D" TriacRL -r=res.csv || exit 1
closed_form "$D/res.csv" i "$ref" 5e-3 || exit 1
simulate "$D" TriacRL -tolerance=1e-9 -r=res9.csv || exit 1
closed_form "$D/res9.csv" i "$ref" 1e-5 || exit 1
