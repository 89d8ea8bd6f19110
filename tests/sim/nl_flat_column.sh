#!/usr/bin/env bash
# A finite-difference Jacobian column that rounds to 0 (runtime/algebra.c nl_df) is taken again with
# longer steps: tests/models/NlFlatColumn.mo's PullUp starts where its unknown v1 moves the residual by
# 1.5e-20 A for the step of 1.5e-8 V, under one ulp of the residual's 3.75e-4 A. The column was 0, the
# Newton step singular, and the loop "not solved" at t = 0 (as Spice3's Nand); now v1 and v2 must be
# their closed forms v1 = 5 * 3.75e-4/(3.75e-4 + 1.5e-12), v2 = v1/2 (derived in the model), and
# i = 1e-12 v2 to 1e-18 A (i is 3.75e-4 (5 - v1) less 1e-12 v1, 5 - v1 = 2e-8 known to a few ulps of 5).
set -u
source tests/ref/lib.sh
D=$OUT/nl_flat_column
rm -rf "$D"; mkdir -p "$D"
status=0
build_sim tests/models/NlFlatColumn.mo NlFlatColumn PullUp || exit 1
closed_form "$D/PullUp.csv" v1 "5 * 3.75e-4 / (3.75e-4 + 1.5e-12)" 1e-9 || status=1
closed_form "$D/PullUp.csv" v2 "2.5 * 3.75e-4 / (3.75e-4 + 1.5e-12)" 1e-9 || status=1
closed_form "$D/PullUp.csv" i "2.5e-12 * 3.75e-4 / (3.75e-4 + 1.5e-12)" 1e-18 || status=1
exit $status
