#!/usr/bin/env bash
# MultiBody examples whose static state choice degenerates during the run, each run through by state sets
# made per diagonal block of the choice (compiler/analysis/stateset.c; until then each stopped with "the
# states chosen at compile time no longer fit"). No tool's result is the reference: each of these
# examples holds two models of the same mechanics, built from different parts, whose motions are the
# same (the MSL's point in writing them): the state set is in one of them, or different sets switch at
# different times in the two. A set that went on with the wrong root (a mirrored quaternion component, an
# angle on the other side of 90 degrees) would set them apart by the size of the motion itself.
#   GyroscopicEffects: bodyCylinder1 with a revolute joint and bodyCylinder2 beside bodyCylinder3 with a
#     Rotor1D; frame_b's position and the body's angular velocity (up to 17 rad/s). Both bodies'
#     quaternion blocks (8 and 4 equations of choices of 69 and 55) are sets; stopped at 0.205 before.
#   PointGravityWithPointMasses2: six point masses beside six Bodies (quaternions) in a point gravity
#     field; the positions. Stopped at 1.599 before.
#   RevoluteConstraint, UniversalConstraint: a body on a joint beside a body on the joint's constraint,
#     whose free motion's angles are StateSelect.never (the switch keeps them dummies); frame_b's
#     position and the body's angular velocity. Stopped at 0.953 and 1.281 before.
# Each at -tolerance=1e-9: the pairs agree within 4e-5 (GyroscopicEffects' angular velocities; 3e-7 at
# 1e-11: integration error) and 3e-7 (the others); the bounds are 1e-3 and 1e-5. Each run must also log
# at least one switch. Skipped without ../shared.
source tests/ref/lib.sh
[ -n "${SHARED:-}" ] && [ -d "$SHARED/msl/4.0.0/Modelica" ] || { echo "no ../shared/msl/4.0.0"; exit 77; }
D=$OUT/multibody_state_sets
rm -rf "$D"; mkdir -p "$D"
# pairs CSV P Q: the largest |a - b| over the rows, a a column whose name starts with P, b the column named
# as a with P replaced by Q (the names hold no comma: positions and angular velocities only)
pairs() {
    awk -F, -v P="$2" -v Q="$3" '
        BEGIN { n = 0; m = 0 }
        NR == 1 { for (i = 1; i <= NF; i++) { h = $i; gsub(/"/, "", h); col[h] = i; name[i] = h }
                  for (i = 1; i <= NF; i++) if (index(name[i], P) == 1) { b = Q substr(name[i], length(P) + 1); if (b in col) { A[n] = i; B[n++] = col[b] } }
                  next }
        { for (k = 0; k < n; k++) { d = $(A[k]) - $(B[k]); if (d < 0) d = -d; if (d > m) { m = d; w = name[A[k]] " at t = " $1 } } }
        END { if (n < 3) { print "no pairs"; exit 1 } printf "%.3g (%d pairs, the largest %s)\n", m, n, w }' "$1"
}
# check EXAMPLE FILTER P Q BOUND
check() {
    local name=${1##*.} log d
    "$MO2C" -L "$SHARED/msl/4.0.0" "Modelica.Mechanics.MultiBody.Examples.$1" -o "$D/$name" 2>/dev/null ||
        { echo "FAIL: mo2c $1"; return 1; }
    simulate "$D" "$name" -tolerance=1e-9 -variableFilter="$2" -r="$name.csv" || return 1
    log=$(cd "$D" && "./$name" -tolerance=1e-9 -variableFilter=time -r=log.csv -lv=LOG_SOLVER 2>&1)
    grep -q "state set [0-9]* switches its states" <<<"$log" || { echo "FAIL: $name: no state set switched"; return 1; }
    d=$(pairs "$D/$name.csv" "$3" "$4") || { echo "FAIL: $name: $d"; return 1; }
    echo "$name: $d"
    awk -v d="${d%% *}" -v b="$5" 'BEGIN { exit !(d <= b) }' || { echo "FAIL: $name: the two models differ by more than $5"; return 1; }
}
status=0
check Rotational3DEffects.GyroscopicEffects 'time|bodyCylinder[13].frame_b.r_0.*|bodyCylinder[13].body.w_a.*' \
    bodyCylinder1. bodyCylinder3. 1e-3 || status=1
check Elementary.PointGravityWithPointMasses2 'time|pointMass[0-9].r_0.*|referenceSystem.pointMass[0-9].r_0.*' \
    pointMass referenceSystem.pointMass 1e-5 || status=1
for m in RevoluteConstraint UniversalConstraint; do
    check Constraints.$m 'time|bodyOf.*frame_b.r_0.*|bodyOf.*body.w_a.*' bodyOfJoint. bodyOfConstraint. 1e-5 || status=1
done
exit $status
