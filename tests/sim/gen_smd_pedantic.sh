#!/usr/bin/env bash
# The emitted C of the seed's SMD compiles warning-free with -Wall -Wextra -Wpedantic -O2 -Werror, keeps
# the equation comments that point back to the model text, and has the analytic Jacobian (every block of
# SMD is explicit).
set -eu
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
dir=$OUT/gen_smd
rm -rf "$dir"; mkdir -p "$dir"
"$MO2C" models/ModelicaByExample/Components/Rotational/Examples/SMD.mo --emit-c -o "$dir/SMD.c"
cc -std=c11 -Wall -Wextra -Wpedantic -O2 -Werror -Iruntime -c -o "$dir/SMD.o" "$dir/SMD.c"
grep -q 'Inertia.mo:[0-9]*:[0-9]* (inertia1): ' "$dir/SMD.c"
grep -q '^    .jacobian = jacobian,$' "$dir/SMD.c"
grep -q '^#include "mo2c_rt.h"$' "$dir/SMD.c"
