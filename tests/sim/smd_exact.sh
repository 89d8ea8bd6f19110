#!/usr/bin/env bash
# The seed's SMD (models/.../Examples/SMD.mo, compiled as written) and the same system built from the
# verbose components (tests/models/VerboseSMD.mo) against the exact solution expm(A t) x0
# (tests/ref/smd_ref.c): inside the csv-compare tube at tol 1e-3 with default settings, and within
# 1e-6 absolute at -tolerance=1e-9, over 5 s on the 0.01 grid.
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/smd_exact
rm -rf "$D"; mkdir -p "$D"
"$REFBIN/smd_ref" "$D/ref.csv" 5 500 || exit 1
status=0
check() { # name model-file [model-name] -- signals...
    local name=$1 file=$2; shift 2
    echo "== $name"
    if ! "$MO2C" "$file" -o "$D/$name"; then echo "FAIL $name: mo2c failed"; status=1; return; fi
    simulate "$D" "$name" -stopTime=5 -stepSize=0.01 -outputFormat=csv -r=res.csv || { status=1; return; }
    "$REFBIN/csvcmp" --tube 1e-3 "$D/ref.csv" "$D/res.csv" "$@" || status=1
    simulate "$D" "$name" -stopTime=5 -stepSize=0.01 -tolerance=1e-9 -outputFormat=csv -r=res9.csv \
        || { status=1; return; }
    "$REFBIN/csvcmp" --abs 1e-6 "$D/ref.csv" "$D/res9.csv" "$@" || status=1
}
check SMD models/ModelicaByExample/Components/Rotational/Examples/SMD.mo \
    inertia1.phi inertia1.w inertia2.phi inertia2.w inertia1.flange_b.tau inertia2.flange_b.tau '?spring1.tau'
check VerboseSMD tests/models/VerboseSMD.mo \
    inertia1.flange_a.phi inertia2.flange_a.phi inertia1.flange_b.tau inertia2.flange_a.tau \
    inertia2.flange_b.tau '?inertia1.w' '?inertia2.w'
exit $status
