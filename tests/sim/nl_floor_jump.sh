#!/usr/bin/env bash
# Newton's rounding floor (runtime/algebra.c newton_first) accepts a point whose full step no longer lowers
# the residual only when the residual has dropped too: at a jump of the residual the steps become tiny
# (2e-9 in x = 1) while |F| stays 2, and that point was once accepted, "finished successfully" with
# x = 0.999999999. tests/models/NlFloorJump.mo: WrongRoot must end at its only root x = 0.899999999
# (closed form of the quadratic) or fail with "not solved"; NoRoot, which has no root, must fail.
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/nl_floor_jump
rm -rf "$D"; mkdir -p "$D"
st=0
for m in WrongRoot NoRoot; do
    "$MO2C" tests/models/NlFloorJump.mo NlFloorJump.$m -o "$D/$m" || exit 1
done
# u = 1 - x solves 1e10 u^2 - 1e9 u - 1 = 0
root=$(awk 'BEGIN { printf "%.12f", 1 - (1e9 + sqrt(1e18 + 4e10)) / 2e10 }')
if out=$(cd "$D" && ./WrongRoot -stopTime=1 -r=wr.csv 2>&1); then
    x=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "x" || $i == "\"x\"") c = i } END { print $c }' "$D/wr.csv")
    awk -v x="$x" -v r="$root" 'BEGIN { exit !((x - r) ^ 2 < 1e-18) }' ||
        { echo "FAIL: WrongRoot finished with x = $x, not its root $root"; st=1; }
else
    grep -q "not solved" <<<"$out" || { echo "FAIL: WrongRoot said: $out"; st=1; }
fi
out=$(cd "$D" && ./NoRoot -stopTime=1 2>&1) && { echo "FAIL: NoRoot, which has no root, was 'solved': $out"; st=1; }
grep -q "nonlinear system in .*NlFloorJump.mo:.* not solved" <<<"$out" || { echo "FAIL: NoRoot said: $out"; st=1; }
exit $st
