#!/usr/bin/env bash
# Modelica.Utilities.Strings.hashString (the MSL's ModelicaStrings.c, built by mo2c with uthash's
# HASH_JEN, as Dymola's ModelicaExternalC): against Bob Jenkins' hash computed outside mo2c
# (tests/ref/jenkins_hash.py). The first value is also the local seed of the MAP-LIB reference of
# Modelica.Blocks.Examples.Noise.DrydenContinuousTurbulence (recovered from its draws), whose automatic seed
# is hashString(getInstanceName()) = hashString("DrydenContinuousTurbulence.whiteNoise"). Skipped without
# the MSL.
source tests/ref/lib.sh
[ -n "$SHARED" ] && [ -d "$SHARED/msl/4.0.0" ] || { echo "no ../shared/msl/4.0.0"; exit 77; }
D=$OUT/hash_string
rm -rf "$D"; mkdir -p "$D"
"$MO2C" -L "$SHARED/msl/4.0.0" tests/models/HashString.mo -o "$D/hash" || exit 1
simulate "$D" hash -r=res.csv || exit 1
want=$(python3 tests/ref/jenkins_hash.py "DrydenContinuousTurbulence.whiteNoise" "ActuatorWithNoise.motor.uniformNoise" a abcdefghijkl | paste -sd,)
[ "$(cut -d, -f1 <<<"$want")" = 1653520918 ] || { echo "FAIL: jenkins_hash.py gives $want"; exit 1; }
got=$(awk -F, 'NR == 2 { print $2 "," $3 "," $4 "," $5 }' "$D/res.csv")
[ "$got" = "$want" ] || { echo "FAIL: hashString gives $got, Jenkins' hash $want"; head -2 "$D/res.csv"; exit 1; }
