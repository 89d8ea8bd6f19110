#!/usr/bin/env bash
# The references under tests/regression are what the generators in tests/ref compute (regenerated here
# and compared to 1e-12), so no checked-in trajectory comes from mo2c itself.
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/regress_refs
rm -rf "$D"; mkdir -p "$D"
R=tests/regression
"$REFBIN/smd_ref" "$D/smd.csv" 5 1000 || exit 1
"$REFBIN/pendulum_ref" "$D/pend.csv" 10 1000 || exit 1
status=0
cmp_ref() { # generated reference signals...
    local gen=$1 ref=$2; shift 2
    local n; n=$(wc -l < "$ref")
    [ "$n" -eq 1002 ] || { echo "FAIL $ref: $n lines, expected 1002"; status=1; }
    "$REFBIN/csvcmp" --abs 1e-12 "$gen" "$ref" "$@" || status=1
}
cmp_ref "$D/smd.csv" $R/ModelicaByExample/Components/Rotational/Examples/SMD/SMD.csv \
    inertia1.phi inertia1.w inertia2.phi inertia2.w
cmp_ref "$D/smd.csv" $R/VerboseSMD/VerboseSMD.csv inertia1.flange_a.phi inertia2.flange_a.phi \
    inertia1.flange_b.tau inertia2.flange_a.tau inertia2.flange_b.tau
cmp_ref "$D/pend.csv" $R/Pendulum/Pendulum.csv x y u v
exit $status
