#!/usr/bin/env bash
# A loop solved once from a start far from its solution (runtime/algebra.c res_small): the residual tests
# once measured the residual against the start's (1e-6 or 1e-12 of it), so a start at 1e6 with a coefficient
# of 1e9 (a start residual of 1e15) let a residual of 2 pass, and the run "finished successfully" with
# p = 99.999999999 where the only root is 99.899999999 (WrongRootFar); the least-squares point of an
# inconsistent loop started at 1e9 passed likewise (InconsistentFar). tests/models/NlFarStart.mo:
# WrongRootFar must end at its root (closed form of the quadratic) or fail with "not solved";
# InconsistentFar must fail; CubicFar, which has a root, must reach p = 100.
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/nl_far_start
rm -rf "$D"; mkdir -p "$D"
st=0
for m in WrongRootFar InconsistentFar CubicFar; do
    "$MO2C" tests/models/NlFarStart.mo NlFarStart.$m -o "$D/$m" || exit 1
done
col() { awk -F, -v v="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == v || $i == "\"" v "\"") c = i } END { print $c }' "$1"; }
root=$(awk 'BEGIN { printf "%.12f", 100 - (1e9 + sqrt(1e18 + 4e10)) / 2e10 }')
if out=$(cd "$D" && ./WrongRootFar -stopTime=1 -r=wr.csv 2>&1); then
    p=$(col "$D/wr.csv" y)
    awk -v x="$p" -v r="$root" 'BEGIN { exit !((x - r) ^ 2 < 1e-18) }' ||
        { echo "FAIL: WrongRootFar finished with p = $p, not its root $root"; st=1; }
else
    grep -q "nonlinear system in .*NlFarStart.mo:.* not solved" <<<"$out" || { echo "FAIL: WrongRootFar said: $out"; st=1; }
fi
out=$(cd "$D" && ./InconsistentFar -stopTime=1 2>&1) && { echo "FAIL: InconsistentFar, which has no solution, was 'solved': $out"; st=1; }
grep -q "nonlinear system in .*NlFarStart.mo:.* not solved" <<<"$out" || { echo "FAIL: InconsistentFar said: $out"; st=1; }
if out=$(cd "$D" && ./CubicFar -stopTime=1 -r=cf.csv 2>&1); then
    p=$(col "$D/cf.csv" y)
    awk -v x="$p" 'BEGIN { exit !((x - 100) ^ 2 < 1e-16) }' || { echo "FAIL: CubicFar finished with p = $p, not 100"; st=1; }
else
    echo "FAIL: CubicFar, which has the root p = 100, said: $out"; st=1
fi
exit $st
