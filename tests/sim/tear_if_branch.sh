#!/usr/bin/env bash
# Tearing never solves an equation for an unknown whose coefficient is 0 in a branch of an if-expression
# (compiler/analysis/solve.c zero_in_a_branch): tests/models/IfBranchTear.mo, an if-equation whose
# unknown q occurs in the else-branches only, against the closed form in both modes (while reg:
# s = x = exp(-t), p = sqrt(s + 2), q = log(p); after t = 0.5: q = s = 0, p = sqrt(2)). Before: the
# loop computed q from s = if reg then x else q, dividing by `if reg then 0 else 1`, and stopped at
# time 0 with "division by zero" (as the MSL's Fluid vessels did: MeasuringTemperature, PumpingSystem).
# tests/models/ValveClosedTear.mo: a branch of parameters whose values make it 0 (a closed valve's
# opening_min*k*dp with opening_min = 0, ControlledTanks) is 0 too; before, the loop divided by it at t = 0.5.
source tests/ref/lib.sh
D=$OUT/tear_if_branch
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/IfBranchTear.mo -o "$D/IfBranchTear" || { echo "FAIL: mo2c"; exit 1; }
simulate "$D" IfBranchTear -r=res.csv || exit 1
# the mode from the result's own column (two rows at t = 0.5, before and after the event)
closed_form "$D/res.csv" s '($3 ? exp(-t) : 0)' 1e-6 || exit 1
closed_form "$D/res.csv" p '($3 ? sqrt(exp(-t) + 2) : sqrt(2))' 1e-6 || exit 1
closed_form "$D/res.csv" q '($3 ? log(sqrt(exp(-t) + 2)) : 0)' 1e-6 || exit 1
closed_form "$D/res.csv" reg '(t < 0.5 ? 1 : (t > 0.5 ? 0 : $3))' 0 || exit 1
n0=$(awk -F, 'NR > 1 && $3 == 0' "$D/res.csv" | wc -l); n1=$(awk -F, 'NR > 1 && $3 == 1' "$D/res.csv" | wc -l)
[ "$n0" -gt 100 ] && [ "$n1" -gt 100 ] || { echo "FAIL: $n1 rows with reg, $n0 without"; exit 1; }
"$MO2C" tests/models/ValveClosedTear.mo -o "$D/ValveClosedTear" || { echo "FAIL: mo2c"; exit 1; }
simulate "$D" ValveClosedTear -r=valve.csv || exit 1
# open: m = k dp, dp = 2 - p, p^2 = 1 + m^2, so 0.75 m^2 + 2 m - 3 = 0 for k = 2; closed: m = 0, p = 1
mo='((sqrt(13) - 2) / 1.5)'
closed_form "$D/valve.csv" m_flow "(\$2 ? $mo : 0)" 1e-6 || exit 1
closed_form "$D/valve.csv" p "(\$2 ? sqrt(1 + $mo^2) : 1)" 1e-6 || exit 1
closed_form "$D/valve.csv" x "$mo * (t < 0.5 ? t : 0.5)" 1e-6 || exit 1
exit 0
