#!/usr/bin/env bash
# Every example of the MSL 4.0.0's Modelica.Fluid (as tests/sim/library_msl_examples.sh does for its six
# packages: compiled by its dotted name alone, its simulator run to the experiment's stop time) passes,
# except those listed with their first error in
# tests/library/fluid_failures.tsv; no case crashes mo2c or its simulator. No reference: whether the
# results are right is the question of the small models beside them (tear_if_branch.sh,
# init_prefer_start.sh, events_assert_crossing.sh reproduce what stopped the examples). Skipped without
# ../shared. Each compilation and run is capped at 10 s of CPU (30 in the other walks): the examples
# that pass take a few seconds, and the slow ones (HeatingSystem, IncompressibleFluidNetwork,
# RoomCO2WithControls: minutes of steps; the IF97 examples' C compilations) would cost CI minutes for a
# failure either way.
[ -n "$SHARED" ] && [ -d "$SHARED/msl/4.0.0/Modelica" ] || { echo "no ../shared/msl/4.0.0"; exit 77; }
res=$OUT/fluid_examples.tsv
echo "walked: $(tests/library/sample.sh says)"
MSL=$SHARED/msl/4.0.0 MO2C_WALK_CPU=10 tests/library/msl_examples.sh "$res" Modelica.Fluid || exit 1
status=0
if grep -P '^(comp|run)crash' "$res"; then echo "FAIL: crashes above"; status=1; fi
n=$(cat "$res.all"); [ "$n" -ge 23 ] || { echo "FAIL: only $n examples found"; status=1; }
tests/library/expect.sh "$res" tests/library/fluid_failures.tsv 2 ok 0 - sampled || status=1
echo "Fluid: $(grep -c '^ok' "$res") of $(wc -l < "$res") examples walked ($n found) ok (run to their stop time; compiled, under the sanitizers)"
exit $status
