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
echo "results: $res ($(($(wc -l < "$res") - 1)) points); first rows:"
head -3 "$res" | cut -c1-160
