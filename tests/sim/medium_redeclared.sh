#!/usr/bin/env bash
# Functions and records a medium package redeclares, reached from the text of the packages it extends
# (tests/models/MediumRedeclared.mo), read the derived package's constants: y = t + 10 (1 - 0.25) + nX
# z = 2 (1 - t) + size(Xs, 1) and w = t nX + 1 with nX = 2 (with the base's nX = 1 the model does not run: the arrays
# have the wrong sizes), within 1e-12.
source tests/ref/lib.sh
D=$OUT/medium_redeclared
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/MediumRedeclared.mo MediumRedeclared.Main -o "$D/Main" || { echo "mo2c failed"; exit 1; }
simulate "$D" Main -outputFormat=csv -r=res.csv || exit 1
status=0
closed_form "$D/res.csv" y "t + 7.5 + 2" 1e-12 || status=1
closed_form "$D/res.csv" z "2 * (1 - t) + 2" 1e-12 || status=1
closed_form "$D/res.csv" w "2 * t + 1" 1e-12 || status=1
exit $status
