#!/usr/bin/env bash
# The main job from a fresh Debian machine: install what is missing, build mo2c, compile the seed's
# spring-mass-damper SMD into a simulator, run it for 5 s and show where the results are.
set -eu
cd "$(dirname "$0")"
bash tools/install-deps.sh
make -j"$(nproc)" >/dev/null
mkdir -p build/demo
build/mo2c models/ModelicaByExample/Components/Rotational/Examples/SMD.mo -o build/demo/SMD
(cd build/demo && ./SMD -stopTime=5)
res=build/demo/ModelicaByExample.Components.Rotational.Examples.SMD_res.csv
echo "results: $res ($(($(wc -l < "$res") - 1)) rows, every variable); the two angles every 0.5 s:"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { gsub(/"/, "", $i); col[$i] = i }
                   printf "%8s %22s %22s\n", "time", "inertia1.phi", "inertia2.phi"; next }
         (NR - 2) % 50 == 0 { printf "%8.3f %22.15g %22.15g\n", $1, $col["inertia1.phi"], $col["inertia2.phi"] }' "$res"
