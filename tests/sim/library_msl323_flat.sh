#!/usr/bin/env bash
# Every example (a non-partial model with an experiment annotation in an Examples package) of the MSL
# 3.2.3's Mechanics.Rotational, Mechanics.Translational, Electrical.Analog, Thermal.HeatTransfer,
# Thermal.FluidHeatFlow and Blocks passes mo2c --flat, except those listed with their reason in
# tests/library/msl323_flat_failures.tsv: the library of Modelica by Example's models (Modelica.SIunits).
# Skipped without ../shared.
[ -n "$SHARED" ] && [ -d "$SHARED/msl/3.2.3/Modelica" ] || { echo "no ../shared/msl/3.2.3"; exit 77; }
res=$OUT/msl323_flat.tsv
MSL=$SHARED/msl/3.2.3 tests/library/msl_flat.sh --examples "$res" || exit 1
echo "walked: $(tests/library/sample.sh says)"
status=0
if grep -P '\tcrash' "$res"; then echo "FAIL: crashes above"; status=1; fi
n=$(cat "$res.all"); [ "$n" -ge 100 ] || { echo "FAIL: only $n examples found"; status=1; }
tests/library/expect.sh "$res" tests/library/msl323_flat_failures.tsv 2 ok 0 - sampled || status=1
exit $status
