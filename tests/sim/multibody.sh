#!/usr/bin/env bash
# The MSL 4.0.0's Modelica.Mechanics.MultiBody.Examples.Elementary.Pendulum (a revolute joint about the
# world's z axis, a body with r_CM = {0.5, 0, 0}, a damper on the joint's axis) over its 5 s against
# tests/ref/multibody_ref.c, the pendulum's equation of motion in its angle integrated independently:
# rev.phi and rev.w within 1e-6 at every point at -tolerance=1e-10. It stopped at t = 0 with a division
# by zero until the joint's protected e = normalizeWithAssert(n) was folded (fneval.c), and then at
# t = 0.05 until the Jacobian of its loop stopped adding Frames.resolve2_der's cross(R.w, ...) term
# (a time derivative's) to partial derivatives (funcdiff.c).
# Elementary.DoublePendulumInitTip (two box links, the tip's start position given, the elbow angle
# chosen by its start value) against tests/ref/double_pendulum_ref.c, Lagrange's equations of the planar
# double pendulum integrated independently from the start that inverse kinematics gives: revolute1.phi
# and revolute2.phi within 1e-6 at every point at -tolerance=1e-12 (4e-7 at worst, near t = 5: the
# double pendulum amplifies the start's 2e-11). It stopped at t = 0 with a division by zero until the world's frame_b.R =
# nullRotation() was folded to numbers before alias elimination (dae.c). Skipped without ../shared.
source tests/ref/lib.sh
[ -n "${SHARED:-}" ] && [ -d "$SHARED/msl/4.0.0/Modelica" ] || { echo "no ../shared/msl/4.0.0"; exit 77; }
build_ref_tools || exit 1
build_ref multibody_ref || exit 1
build_ref double_pendulum_ref || exit 1
D=$OUT/multibody
rm -rf "$D"; mkdir -p "$D"
"$REFBIN/multibody_ref" "$D/ref.csv" 5 500 || exit 1
"$MO2C" -L "$SHARED/msl/4.0.0" Modelica.Mechanics.MultiBody.Examples.Elementary.Pendulum -o "$D/Pendulum" ||
    { echo "FAIL: mo2c"; exit 1; }
simulate "$D" Pendulum -tolerance=1e-10 -stepSize=0.01 -r=res.csv || exit 1
"$REFBIN/csvcmp" --abs 1e-6 "$D/ref.csv" "$D/res.csv" rev.phi rev.w || exit 1
"$REFBIN/double_pendulum_ref" "$D/dpref.csv" 5 500 || exit 1
"$MO2C" -L "$SHARED/msl/4.0.0" Modelica.Mechanics.MultiBody.Examples.Elementary.DoublePendulumInitTip -o "$D/InitTip" ||
    { echo "FAIL: mo2c"; exit 1; }
simulate "$D" InitTip -tolerance=1e-12 -stepSize=0.01 -r=dpres.csv || exit 1
"$REFBIN/csvcmp" --abs 1e-6 "$D/dpref.csv" "$D/dpres.csv" revolute1.phi revolute2.phi
