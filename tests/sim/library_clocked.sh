#!/usr/bin/env bash
# The examples of the MSL 4.0.0's Modelica.Clocked (the synchronous language, analysis/clocks.c), as
# tests/sim/library_msl_examples.sh walks its packages: each compiled by its dotted name alone and its
# simulator run to the experiment's stop time. A representative subset, cheap enough for every run (about
# 10 s of CPU): the drive trains and systems (absolute clocks, sub- and super-sampled cascades, discretized
# controllers, AD/DA effects, an event clock, the mixing unit), the clock signals and the Real signals'
# sample, hold, sub-clock, tick-based and noise blocks; the Boolean and Integer examples repeat the Real
# ones for their types and are left to tests/library/msl_examples.sh. Every one passes except those listed
# with their first error in tests/library/clocked_failures.tsv; no case crashes mo2c or its simulator.
# No reference: tests/sim/clocked.sh checks the semantics against closed forms. Skipped without ../shared.
[ -n "$SHARED" ] && [ -d "$SHARED/msl/4.0.0/Modelica" ] || { echo "no ../shared/msl/4.0.0"; exit 77; }
res=$OUT/clocked_examples.tsv
E=Modelica.Clocked.Examples
echo "walked: $(tests/library/sample.sh says)"
MSL=$SHARED/msl/4.0.0 tests/library/msl_examples.sh "$res" $E.CascadeControlledDrive $E.SimpleControlledDrive \
    $E.Systems $E.Elementary.ClockSignals $E.Elementary.RealSignals || exit 1
status=0
if grep -P '^(comp|run)crash' "$res"; then echo "FAIL: crashes above"; status=1; fi
n=$(cat "$res.all"); [ "$n" -ge 45 ] || { echo "FAIL: only $n examples found"; status=1; }
tests/library/expect.sh "$res" tests/library/clocked_failures.tsv 2 ok 0 - sampled || status=1
echo "Clocked: $(grep -c '^ok' "$res") of $(wc -l < "$res") examples walked ($n found) ok (run to their stop time; compiled, under the sanitizers)"
exit $status
