#!/usr/bin/env bash
# The MSL 4.0.0's Modelica.Mechanics.MultiBody.Examples.Elementary.Pendulum (a revolute joint about the
# world's z axis, a body with r_CM = {0.5, 0, 0}, a damper on the joint's axis) over its 5 s against
# tests/ref/multibody_ref.c, the pendulum's equation of motion in its angle integrated independently:
# rev.phi and rev.w within 1e-6 at every point at -tolerance=1e-10. It stopped at t = 0 with a division
# by zero until the joint's protected e = normalizeWithAssert(n) was folded (fneval.c), and then at
# t = 0.05 until the Jacobian of its loop stopped adding Frames.resolve2_der's cross(R.w, ...) term
# (a time derivative's) to partial derivatives (funcdiff.c). Skipped without ../shared.
source tests/ref/lib.sh
[ -n "${SHARED:-}" ] && [ -d "$SHARED/msl/4.0.0/Modelica" ] || { echo "no ../shared/msl/4.0.0"; exit 77; }
build_ref_tools || exit 1
cc $REF_CFLAGS -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Werror -o "$REFBIN/multibody_ref" \
    tests/ref/multibody_ref.c -lgsl -lgslcblas -lm || exit 1
D=$OUT/multibody
rm -rf "$D"; mkdir -p "$D"
"$REFBIN/multibody_ref" "$D/ref.csv" 5 500 || exit 1
"$MO2C" -L "$SHARED/msl/4.0.0" Modelica.Mechanics.MultiBody.Examples.Elementary.Pendulum -o "$D/Pendulum" ||
    { echo "FAIL: mo2c"; exit 1; }
simulate "$D" Pendulum -tolerance=1e-10 -stepSize=0.01 -r=res.csv || exit 1
"$REFBIN/csvcmp" --abs 1e-6 "$D/ref.csv" "$D/res.csv" rev.phi rev.w
