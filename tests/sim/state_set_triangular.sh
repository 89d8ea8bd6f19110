#!/usr/bin/env bash
# A choice of index reduction whose rows are triangular against its dummies with constant pivots is no
# state set (analysis/stateset.c): its determinant is constant, it cannot degenerate, and codegen_dss.c
# does not watch it either. tests/models/TankSetTriangular.mo: level and T kept, der(m) and der(U) the
# dummies with 1 in their rows. As a set (before), its switch compared the determinants of the rows
# scaled to 1, 6e-11 for that choice against 1 for m and U kept, and the run stopped at t = 0 ("the
# states it keeps are near singular within the integrator's step"). Closed forms: T stays T0 = 300 (the
# outflow carries the tank's own enthalpy), the level falls as 1 - q t/(rho A) until t = 40, then 0.
source tests/ref/lib.sh
D=$OUT/state_set_triangular
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/TankSetTriangular.mo --emit-c -o "$D/ts.c" || { echo "FAIL: mo2c"; exit 1; }
! grep -q 'STATESET' "$D/ts.c" || { echo "FAIL: a state set"; exit 1; }
for v in level T; do
    grep -q "{\"$v\", \"\", \"\", MO2C_SRC_STATE" "$D/ts.c" || { echo "FAIL: $v is no state"; exit 1; }
done
"$MO2C" tests/models/TankSetTriangular.mo -o "$D/ts" || { echo "FAIL: mo2c"; exit 1; }
(ulimit -t 30; simulate "$D" ts -r=res.csv) || exit 1
closed_form "$D/res.csv" T '300' 1e-9 || exit 1
closed_form "$D/res.csv" level '(t < 40 ? 1 - 50 * t / 2000 : 0)' 1e-8 || exit 1
exit 0
