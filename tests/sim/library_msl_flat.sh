#!/usr/bin/env bash
# Every non-partial model and block of the MSL 4.0.0 under Mechanics.Rotational, Mechanics.Translational,
# Electrical.Analog, Thermal.HeatTransfer, Thermal.FluidHeatFlow and Blocks passes mo2c --flat, except
# those listed with their reason in tests/library/msl_flat_failures.tsv. Skipped without ../shared.
[ -n "$SHARED" ] && [ -d "$SHARED/msl/4.0.0/Modelica" ] || { echo "no ../shared/msl/4.0.0"; exit 77; }
res=$OUT/msl_flat.tsv
MSL=$SHARED/msl/4.0.0 tests/library/msl_flat.sh "$res" || exit 1
echo "walked: $(tests/library/sample.sh says)"
status=0
if grep -P '\tcrash' "$res"; then echo "FAIL: crashes above"; status=1; fi
n=$(cat "$res.all"); [ "$n" -ge 600 ] || { echo "FAIL: only $n classes found"; status=1; }
tests/library/expect.sh "$res" tests/library/msl_flat_failures.tsv 2 ok 0 - sampled || status=1
exit $status
