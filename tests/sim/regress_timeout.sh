#!/usr/bin/env bash
# mo2c regress --timeout S caps each compilation and simulation at S seconds of CPU time (RLIMIT_CPU), so
# that the verdict does not depend on the machine's load: a model whose run would take hours (a forcing
# of frequency 1e4 rad/s followed by rkf45 over 1e6 s) fails with the timeout named; the one beside it,
# quick, passes (its reference: x = sin(t), the closed form of der(x) = cos(t), x(0) = 0).
set -u
: "${MO2C:=$PWD/build/mo2c}" "${OUT:=$PWD/tests/out}"
D=$OUT/regress_timeout
rm -rf "$D"; mkdir -p "$D/lay/Spin" "$D/lay/Quick"
cat > "$D/lay/Spin/Spin.mo" <<'MO'
model Spin "der(x) = cos(1e4 t) over 1e6 s: about 10^10 steps"
  Real x(start = 0, fixed = true);
equation
  der(x) = cos(1e4*time);
end Spin;
MO
cat > "$D/lay/Quick/Quick.mo" <<'MO'
model Quick
  Real x(start = 0, fixed = true);
equation
  der(x) = cos(time);
end Quick;
MO
printf 'time\nx\n' > "$D/lay/Spin/comparisonSignals.txt"
printf 'time\nx\n' > "$D/lay/Quick/comparisonSignals.txt"
printf '"time","x"\n0,0\n1000000,0\n' > "$D/lay/Spin/Spin.csv"
awk 'BEGIN { print "\"time\",\"x\""; for (i = 0; i <= 100; i++) printf "%.17g,%.17g\n", i / 10, sin(i / 10) }' \
    > "$D/lay/Quick/Quick.csv"
out=$("$MO2C" regress "$D/lay" --timeout 2 -j 1); rc=$?
echo "$out"
status=0
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, expected 1"; status=1; }
for w in "FAIL    Spin: simulation timed out after 2 s of CPU time" "PASS    Quick" "1 passed, 1 failed"; do
    grep -qF -- "$w" <<<"$out" || { echo "FAIL: missing line: $w"; status=1; }
done
exit $status
