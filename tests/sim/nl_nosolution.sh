#!/usr/bin/env bash
# A singular nonlinear loop (tests/models/NlNoSolution.mo) has no solution: the simulator must say so and
# exit 1, not settle on x = 4e16, where the residual rounds to zero (the sign-change search of
# runtime/algebra.c once accepted that point and the run "finished successfully").
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/nl_nosolution
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/NlNoSolution.mo -o "$D/sing" || exit 1
out=$(cd "$D" && ./sing 2>&1) && { echo "FAIL: a singular loop was 'solved': $out"; exit 1; }
grep -q "error: at time 0: nonlinear system in .*NlNoSolution.mo:5: x = 2 \* y + time not solved" <<<"$out" ||
    { echo "FAIL: the simulator said: $out"; exit 1; }
exit 0
