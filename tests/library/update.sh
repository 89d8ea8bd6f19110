#!/usr/bin/env bash
# Rewrite the lists of known failures (compliance_failures.tsv, msl_flat_failures.tsv,
# msl323_flat_failures.tsv, modelicatest_failures.tsv, msl_examples_failures.tsv, multibody_failures.tsv,
# fluid_failures.tsv, clocked_failures.tsv, beyond_failures.tsv, maplib_failures.tsv, units_findings.tsv)
# from a fresh run of build/mo2c, after a change that makes cases pass (or, said in the commit, fail). Run
# from anywhere; needs ../shared beside the project.
set -eu
cd "$(dirname "$0")/../.."
MO2C=${MO2C:-$PWD/build/mo2c}; SHARED=${SHARED:-$(cd .. && pwd)/shared}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export MO2C
COMPLIANCE=$SHARED/compliance tests/library/compliance.sh "$T/c.tsv"
# a case whose line says why by hand keeps it: a should-fail case that mo2c accepts ("accepted: valid
# under 3.6 ..."), a should-pass case that needs files the suite lacks ("absent: ...")
grep -P '^[^#\t]+\t(accepted|absent): ' tests/library/compliance_failures.tsv > "$T/kept.tsv" || true
{ echo "# should-pass compliance cases that mo2c does not pass yet: model, then the first error (or \"absent: \" and the"
  echo "# files the suite lacks); should-fail cases that mo2c accepts: model, then \"accepted: \" and why"
  echo "# (tests/sim/library_compliance.sh)"
  awk -F'\t' 'FILENAME == ARGV[1] { why[$1] = $2; next }
      $1 == "true" && $2 != "ok" { print $3 "\t" ($3 in why && why[$3] ~ /^absent: / ? why[$3] : $2 ": " $4) }
      $1 == "false" && $2 == "ok" { print $3 "\t" ($3 in why && why[$3] ~ /^accepted: / ? why[$3] : "accepted: the rule is not checked yet") }' \
      "$T/kept.tsv" "$T/c.tsv"; } > "$T/cf.tsv"
mv "$T/cf.tsv" tests/library/compliance_failures.tsv
MSL=$SHARED/msl/4.0.0 tests/library/msl_flat.sh "$T/f.tsv"
{ echo "# MSL classes that mo2c --flat does not flatten yet: class, then the first error (tests/sim/library_msl_flat.sh)"
  awk -F'\t' '$1 != "ok" { print $2 "\t" $3 }' "$T/f.tsv"; } > tests/library/msl_flat_failures.tsv
MSL=$SHARED/msl/3.2.3 tests/library/msl_flat.sh --examples "$T/f3.tsv"
{ echo "# MSL 3.2.3 examples that mo2c --flat does not flatten yet: example, then the first error (tests/sim/library_msl323_flat.sh)"
  awk -F'\t' '$1 != "ok" { print $2 "\t" $3 }' "$T/f3.tsv"; } > tests/library/msl323_flat_failures.tsv
MSL=$SHARED/msl/4.0.0 tests/library/msl_flat.sh --experiment "$T/mt.tsv" ModelicaTest
{ echo "# MSL 4.0.0 ModelicaTest classes with an experiment annotation that mo2c --flat does not flatten yet: class, then the first error (tests/sim/library_modelicatest.sh)"
  awk -F'\t' '$1 != "ok" { print $2 "\t" $3 }' "$T/mt.tsv"; } > tests/library/modelicatest_failures.tsv
MSL=$SHARED/msl/4.0.0 tests/library/msl_examples.sh "$T/e.tsv"
{ echo "# MSL 4.0.0 examples that do not compile or do not run to their stop time yet: example, then how, and the first error (tests/sim/library_msl_examples.sh)"
  awk -F'\t' '$1 != "ok" { print $2 "\t" $1 ": " $3 }' "$T/e.tsv"; } > tests/library/msl_examples_failures.tsv
MSL=$SHARED/msl/4.0.0 tests/library/msl_examples.sh "$T/mb.tsv" Modelica.Mechanics.MultiBody
{ echo "# MSL 4.0.0 MultiBody examples that do not compile or do not run to their stop time yet: example, then how, and the first error (tests/sim/library_multibody.sh)"
  awk -F'\t' '$1 != "ok" { print $2 "\t" $1 ": " $3 }' "$T/mb.tsv"; } > tests/library/multibody_failures.tsv
MSL=$SHARED/msl/4.0.0 MO2C_WALK_CPU=10 tests/library/msl_examples.sh "$T/fl.tsv" Modelica.Fluid
{ echo "# MSL 4.0.0 Fluid examples that do not compile or do not run to their stop time yet: example, then how, and the first error (tests/sim/library_fluid.sh)"
  awk -F'\t' '$1 != "ok" { print $2 "\t" $1 ": " $3 }' "$T/fl.tsv"; } > tests/library/fluid_failures.tsv
E=Modelica.Clocked.Examples   # the subset of tests/sim/library_clocked.sh
MSL=$SHARED/msl/4.0.0 tests/library/msl_examples.sh "$T/ck.tsv" $E.CascadeControlledDrive $E.SimpleControlledDrive \
    $E.Systems $E.Elementary.ClockSignals $E.Elementary.RealSignals
{ echo "# MSL 4.0.0 Clocked examples (tests/sim/library_clocked.sh's subset) that do not compile or do not run to their stop time yet: example, then how, and the first error"
  awk -F'\t' '$1 != "ok" { print $2 "\t" $1 ": " $3 }' "$T/ck.tsv"; } > tests/library/clocked_failures.tsv
M=Modelica   # the packages of tests/sim/library_beyond.sh
MSL=$SHARED/msl/4.0.0 tests/library/msl_examples.sh "$T/bd.tsv" $M.Electrical.Digital $M.Electrical.Polyphase \
    $M.ComplexBlocks $M.StateGraph $M.Math $M.Utilities
{ echo "# MSL 4.0.0 examples of tests/sim/library_beyond.sh's packages (Electrical.Digital, Electrical.Polyphase, ComplexBlocks, StateGraph, Math, Utilities) that do not compile or do not run to their stop time yet: example, then how, and the first error"
  awk -F'\t' '$1 != "ok" { print $2 "\t" $1 ": " $3 }' "$T/bd.tsv"; } > tests/library/beyond_failures.tsv
"$MO2C" regress "$SHARED/maplib" -L "$SHARED/msl/4.0.0" --timeout 120 > "$T/r.log" 2>&1 || true
# the cases listed "either: ..." (expect.sh: they may pass or fail) stay listed as they are
grep -P '^[^#\t]+\teither: ' tests/library/maplib_failures.tsv > "$T/either.tsv" || true
{ echo "# MAP-LIB models that do not pass yet: model, then why (tests/sim/library_maplib.sh)"
  cat "$T/either.tsv"
  sed -nE 's/^(PASS|FAIL) +([^:]+): ?(.*)$/\1\t\2\t\3/p' "$T/r.log" | awk -F'\t' '$1 != "PASS" { print $2 "\t" $3 }' |
      sed "s|$SHARED/msl/4.0.0/||g" | grep -vFf <(cut -f1 "$T/either.tsv" | sed 's/$/\t/') || true; } > tests/library/maplib_failures.tsv
MSL=$SHARED/msl/4.0.0 tests/library/msl_units.sh "$T/u.tsv"
{ echo "# MSL examples in which the unit check finds an inconsistency of the library: example, then the first finding (tests/sim/library_units.sh)"
  awk -F'\t' '$1 != "ok" { print $2 "\t" $3 }' "$T/u.tsv"; } > tests/library/units_findings.tsv
for f in compliance msl_flat msl323_flat modelicatest msl_examples multibody fluid clocked beyond maplib; do
    echo "$f: $(grep -vc '^#' "tests/library/${f}_failures.tsv") failing"
done
echo "modelicatest: $(grep -c '^ok' "$T/mt.tsv") of $(wc -l < "$T/mt.tsv") classes flatten"
echo "msl_examples: $(grep -c '^ok' "$T/e.tsv") of $(wc -l < "$T/e.tsv") examples run to their stop time"
echo "multibody: $(grep -c '^ok' "$T/mb.tsv") of $(wc -l < "$T/mb.tsv") examples run to their stop time"
echo "fluid: $(grep -c '^ok' "$T/fl.tsv") of $(wc -l < "$T/fl.tsv") examples run to their stop time"
echo "clocked: $(grep -c '^ok' "$T/ck.tsv") of $(wc -l < "$T/ck.tsv") examples run to their stop time"
echo "beyond: $(grep -c '^ok' "$T/bd.tsv") of $(wc -l < "$T/bd.tsv") examples run to their stop time"

