#!/usr/bin/env bash
# Newton's rounding floor (runtime/algebra.c newton_first) accepts a point whose full step no longer lowers
# the residual only when the residual has dropped too, or is at the rounding of the equations' terms: at a
# jump of the residual the steps become tiny (2e-9 in x = 1) while |F| stays 2, and that point was once
# accepted, "finished successfully" with x = 0.999999999; moved to x = 100 (WrongRoot100, NoRoot100) the
# steps of 1e-9 pass the step test itself (1e-10 relative), and were accepted again, at x = 99.999999999
# where |F| = 1. tests/models/NlFloorJump.mo: WrongRoot must end at its only root x = 0.899999999 (closed
# form of the quadratic), WrongRoot100 at 99.899999999, or fail with "not solved"; NoRoot and NoRoot100,
# which have no root, must fail.
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/nl_floor_jump
rm -rf "$D"; mkdir -p "$D"
st=0
for m in WrongRoot NoRoot WrongRoot100 NoRoot100; do
    "$MO2C" tests/models/NlFloorJump.mo NlFloorJump.$m -o "$D/$m" || exit 1
done
for s in 1 100; do
    [ $s = 1 ] && m= || m=$s
    # u = s - x solves 1e10 u^2 - 1e9 u - 1 = 0
    root=$(awk -v s=$s 'BEGIN { printf "%.12f", s - (1e9 + sqrt(1e18 + 4e10)) / 2e10 }')
    if out=$(cd "$D" && ./WrongRoot$m -stopTime=1 -r=wr$m.csv 2>&1); then
        x=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "x" || $i == "\"x\"") c = i } END { print $c }' "$D/wr$m.csv")
        awk -v x="$x" -v r="$root" 'BEGIN { exit !((x - r) ^ 2 < 1e-18) }' ||
            { echo "FAIL: WrongRoot$m finished with x = $x, not its root $root"; st=1; }
    else
        grep -q "not solved" <<<"$out" || { echo "FAIL: WrongRoot$m said: $out"; st=1; }
    fi
    out=$(cd "$D" && ./NoRoot$m -stopTime=1 2>&1) && { echo "FAIL: NoRoot$m, which has no root, was 'solved': $out"; st=1; }
    grep -q "nonlinear system in .*NlFloorJump.mo:.* not solved" <<<"$out" || { echo "FAIL: NoRoot$m said: $out"; st=1; }
done
exit $st
