#!/usr/bin/env bash
# mo2c regress compares protected variables too (the simulator runs with -emit_protected): MAP-LIB's
# references list them and name them as comparison signals (Blocks.Math.Mean's x in
# TotalHarmonicDistortion and OpAmps.DifferentialAmplifier: "missing from the result" before).
# Model P: a protected state x = 2 t and a public y = x + 1, against a reference written here by awk.
set -u
: "${MO2C:=$PWD/build/mo2c}" "${OUT:=$PWD/tests/out}"
D=$OUT/regress_protected
rm -rf "$D"; mkdir -p "$D/refs/P"
cat > "$D/refs/P/P.mo" <<'MO'
model P
  Real y;
protected
  Real x(start = 0, fixed = true);
equation
  der(x) = 2;
  y = x + 1;
  annotation(experiment(StopTime = 1));
end P;
MO
awk 'BEGIN { print "\"time\",\"x\",\"y\""; for (i = 0; i <= 100; i++) { t = i / 100; printf "%.17g,%.17g,%.17g\n", t, 2 * t, 2 * t + 1 } }' \
    > "$D/refs/P/P.csv"
printf 'time\nx\ny\n' > "$D/refs/P/comparisonSignals.txt"
out=$("$MO2C" regress "$D/refs" -j 1 2>&1); rc=$?
echo "$out"
[ $rc -eq 0 ] && grep -q "^PASS    P: 2 signals" <<<"$out" || { echo "FAIL: exit $rc, expected P to pass on x and y"; exit 1; }
exit 0
