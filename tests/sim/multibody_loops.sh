#!/usr/bin/env bash
# Kinematic loops of the MSL 4.0.0's MultiBody (Examples.Loops), which stopped with "the index-reduced
# system is structurally singular" until index.c's demote_states: the dummy derivatives left a joint's
# w and phi both states, one more than the loop's degrees of freedom per choice of a frame's R.w.
# PlanarFourbar (a planar loop closed by RevolutePlanarLoopConstraint, one degree of freedom) against
# tests/ref/planar_fourbar_ref.c, the four-bar's equations of motion derived by hand and integrated
# independently: revolute1.phi, revolute1.w, revolute2.phi, revolute3.phi within 1e-6 at every point at
# -tolerance=1e-10 (2.7e-7 at worst, revolute1.w), and not stopped by the state-choice watch
# (codegen_dss.c: its loop's velocity rows took the crank's R.w[3], no derivative, as a dummy, whose
# entry -0.4 sin(phi) vanishes wherever the crank is horizontal; that false alarm stopped it at
# t = 0.00045). Fourbar1 (a spatial loop through a prismatic joint, cut by the connection graph with 0 = R.equalityConstraint(...)), which also needed solve.c's choice
# of the prismatic joint's equation whose coefficient is not 0 where the solver starts: its energy
# (tests/ref/fourbar1_energy.py, mass properties from the example's parameters) constant within 1e-5
# (4.9e-7 of 104 J here) and its cut closed within 1e-9. Skipped without ../shared.
source tests/ref/lib.sh
[ -n "${SHARED:-}" ] && [ -d "$SHARED/msl/4.0.0/Modelica" ] || { echo "no ../shared/msl/4.0.0"; exit 77; }
build_ref_tools || exit 1
build_ref planar_fourbar_ref || exit 1
D=$OUT/multibody_loops
rm -rf "$D"; mkdir -p "$D"
"$REFBIN/planar_fourbar_ref" "$D/ref.csv" 5 500 || exit 1
"$MO2C" -L "$SHARED/msl/4.0.0" Modelica.Mechanics.MultiBody.Examples.Loops.PlanarFourbar -o "$D/PlanarFourbar" ||
    { echo "FAIL: mo2c PlanarFourbar"; exit 1; }
simulate "$D" PlanarFourbar -tolerance=1e-10 -stepSize=0.01 -r=res.csv || exit 1
"$REFBIN/csvcmp" --abs 1e-6 "$D/ref.csv" "$D/res.csv" revolute1.phi revolute1.w revolute2.phi revolute3.phi || exit 1
"$MO2C" -L "$SHARED/msl/4.0.0" Modelica.Mechanics.MultiBody.Examples.Loops.Fourbar1 -o "$D/Fourbar1" ||
    { echo "FAIL: mo2c Fourbar1"; exit 1; }
simulate "$D" Fourbar1 -tolerance=1e-10 -stepSize=0.01 -r=f1.csv || exit 1
python3 tests/ref/fourbar1_energy.py "$D/f1.csv" 1e-5 1e-9
