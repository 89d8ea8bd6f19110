#!/usr/bin/env bash
# Newton's clipped step (runtime/algebra.c newton_first): where no fraction of the Newton step lowers the
# merit function because one unknown's column of the Jacobian is nearly 0 (a regularized quadratic loss
# at zero flow: a step of 2e8 in m), the step clipped to 10 (|z| + 1) per component is tried. Before,
# tests/models/NlClipStep.mo's Chain stopped at t = 0 with "not solved" (as Fluid's
# MomentumBalanceFittings did). Its closed form: r(m) = m sqrt(m^2 + 1e-16) = 2, so m = sqrt(2);
# g(pl) = 1e5 + 1e3 r = 1.02e5 and g(pr) = 1.1e5 - 3e3 r = 1.04e5 with g(p) = p (1 + 1e-9 p), so
# p = (sqrt(1 + 4e-9 g) - 1) / 2e-9. Each within 1e-9 relative.
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/nl_clip_step
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/NlClipStep.mo NlClipStep.Chain -o "$D/Chain" || exit 1
out=$(cd "$D" && ./Chain -stopTime=0.1 -r=r.csv 2>&1) || { echo "FAIL: Chain did not run: $out"; exit 1; }
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { gsub(/"/, "", $i); c[$i] = i }; next }
    { pl = $c["pl"]; pr = $c["pr"]; m = $c["m"]; n++ }
    function rel(a, b) { d = (a - b) / b; return d < 0 ? -d : d }
    END {
        PL = (sqrt(1 + 4e-9 * 1.02e5) - 1) / 2e-9; PR = (sqrt(1 + 4e-9 * 1.04e5) - 1) / 2e-9; M = sqrt(2)
        if (n < 2 || rel(pl, PL) > 1e-9 || rel(pr, PR) > 1e-9 || rel(m, M) > 1e-9) {
            printf "FAIL: Chain ends with pl = %.12g, pr = %.12g, m = %.12g; expected %.12g, %.12g, %.12g\n", pl, pr, m, PL, PR, M
            exit 1
        }
    }' "$D/r.csv"
