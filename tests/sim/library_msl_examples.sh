#!/usr/bin/env bash
# Every example (a non-partial model with an experiment annotation in an Examples package) of the MSL
# 4.0.0's Mechanics.Rotational, Mechanics.Translational, Electrical.Analog, Thermal.HeatTransfer,
# Thermal.FluidHeatFlow and Blocks compiles by its name alone (`mo2c -L MSL Modelica.X.Examples.Y`) and
# its simulator runs to the experiment's stop time, except those listed with their first error in
# tests/library/msl_examples_failures.tsv; no case crashes mo2c or its simulator. No reference: the
# MAP-LIB test compares trajectories. Skipped without ../shared.
[ -n "$SHARED" ] && [ -d "$SHARED/msl/4.0.0/Modelica" ] || { echo "no ../shared/msl/4.0.0"; exit 77; }
res=$OUT/msl_examples.tsv
echo "walked: $(tests/library/sample.sh says)"
MSL=$SHARED/msl/4.0.0 tests/library/msl_examples.sh "$res" || exit 1
status=0
if grep -P '^(comp|run)crash' "$res"; then echo "FAIL: crashes above"; status=1; fi
n=$(cat "$res.all"); [ "$n" -ge 120 ] || { echo "FAIL: only $n examples found"; status=1; }
tests/library/expect.sh "$res" tests/library/msl_examples_failures.tsv 2 ok 0 - sampled || status=1
exit $status
