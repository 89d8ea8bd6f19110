#!/usr/bin/env bash
# A model evaluation that fails at a trial point of the integrator shortens the step (runtime/solver.c
# trial_failed): tests/models/TrialRetry.mo with a first step of 0.25 s, whose trial points have x < 0
# (sqrt of a negative number), against the closed form x = exp(-50 t). Before: the run stopped at the
# first failed trial point ("at time 0.0625: sqrt of negative number -2.125"), as the MSL's
# DifferenceAmplifier did at a trial point where its transistors' exponentials made a singular linear
# system. A failure at the solution itself is still reported at its time (tests/sim/rt_fail.sh).
source tests/ref/lib.sh
D=$OUT/rt_trial_retry
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/TrialRetry.mo -o "$D/tr" || { echo "FAIL: mo2c"; exit 1; }
simulate "$D" tr -r=res.csv -initialStepSize=0.25 || exit 1
closed_form "$D/res.csv" x 'exp(-50 * t)' 1e-6 || exit 1
closed_form "$D/res.csv" y 'exp(-25 * t)' 1e-3 || exit 1
[ "$(awk -F, 'NR > 1 { printf "%s ", $1 }' "$D/res.csv")" = "0 0.25 0.5 0.75 1 " ] || { echo "FAIL: rows"; exit 1; }
exit 0
