#!/usr/bin/env bash
# tests/models/ParamBranch.mo: T and h read each other only in branches that Evaluate = true parameters
# rule out, so the parameters are ordered (T = 300, then h = 2 T = 600): x = 600 t.
source tests/ref/lib.sh
D=$OUT/param_branch
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/ParamBranch.mo -o "$D/ParamBranch" || { echo "mo2c failed"; exit 1; }
simulate "$D" ParamBranch -outputFormat=csv -r=res.csv || exit 1
closed_form "$D/res.csv" x "600 * t" 1e-6
