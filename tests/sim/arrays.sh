#!/usr/bin/env bash
# Array models against the matrix exponentials of their hand-derived linear systems (tests/ref/array_ref.c):
#   tests/models/Rod.mo         a heat-conducting rod of 10 cells: arrays, for-equations, end, sum, ones(N)*T
#   tests/models/ChainArray.mo  5 inertia-spring-damper units as component arrays connected in a for-loop,
#                               with slices and whole-array connects, array modifiers and each
# Each inside the csv-compare tube at tol 1e-3 with default settings, and within 1e-6 absolute at
# -tolerance=1e-9.
source tests/ref/lib.sh
build_ref_tools || exit 1
cc $REF_CFLAGS -o "$REFBIN/array_ref" tests/ref/array_ref.c -lgsl -lgslcblas -lm || exit 1
D=$OUT/arrays
rm -rf "$D"; mkdir -p "$D"
status=0
check() { # name model-file stop steps -- signals...
    local name=$1 file=$2 stop=$3 steps=$4 kind=$5; shift 5
    echo "== $name"
    "$REFBIN/array_ref" "$kind" "$D/$name.ref.csv" "$stop" "$steps" || { status=1; return; }
    if ! "$MO2C" "$file" -o "$D/$name"; then echo "FAIL $name: mo2c failed"; status=1; return; fi
    local step; step=$(echo "$stop / $steps" | bc -l)
    simulate "$D" "$name" -stopTime="$stop" -stepSize="$step" -outputFormat=csv -r=res.csv || { status=1; return; }
    "$REFBIN/csvcmp" --tube 1e-3 "$D/$name.ref.csv" "$D/res.csv" "$@" || status=1
    simulate "$D" "$name" -stopTime="$stop" -stepSize="$step" -tolerance=1e-9 -outputFormat=csv -r=res9.csv \
        || { status=1; return; }
    "$REFBIN/csvcmp" --abs 1e-6 "$D/$name.ref.csv" "$D/res9.csv" "$@" || status=1
}
rod=(); for i in $(seq 1 10); do rod+=("T[$i]"); done
check Rod tests/models/Rod.mo 1 100 rod "${rod[@]}"
chain=(); for i in $(seq 1 5); do chain+=("inertia[$i].phi" "inertia[$i].w"); done
check ChainArray tests/models/ChainArray.mo 5 500 chain "${chain[@]}"
exit $status
