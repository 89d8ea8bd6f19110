#!/usr/bin/env bash
# rkf45's stiffness test (runtime/solver.c stiff_lambda) evaluates the model at the accepted point and at
# points beside it; the loop of derivatives of tests/models/StiffDerLoop.mo starts from the buffer that
# rhs fills, which once held malloc's garbage, then the power iteration's direction (valgrind: 439 uses of
# uninitialised values). Now: every estimate of h |lambda| is the mean step times 1e5 (the Jacobian's
# dominant eigenvalue, -1e5, by hand) within 1 %, at least one estimate is made, x and v at 0.01 and 0.02
# agree to 2e-5 (the run's tolerance is 1e-6) with an independent RK4 integration of the hand-derived equations (awk, Newton on the cubic for
# der(v)), and, where valgrind is installed, a run under it reports no error.
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/stiff_lambda_start
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/StiffDerLoop.mo -o "$D/sdl" || exit 1
st=0
out=$(cd "$D" && ./sdl -r=sdl.csv -lv=LOG_SOLVER 2>&1) || { echo "FAIL: the run failed: $out"; exit 1; }
est=$(grep -o 'h |lambda| [^ ]* (mean step [^)]*)' <<<"$out" | sed -E 's/h \|lambda\| ([^ ]*) \(mean step ([^)]*)\)/\1 \2/')
[ -n "$est" ] || { echo "FAIL: no estimate of h |lambda| in: $out"; exit 1; }
awk '{ r = $1 / ($2 * 1e5); if (!(r > 0.99 && r < 1.01)) { print "FAIL: h |lambda| " $1 " for the mean step " $2 " (not 1e5 times it)"; bad = 1 } }
     END { exit bad }' <<<"$est" || st=1
# the reference: x' = v, v' = d with d + 0.1 d^3 = -x - 0.1 v, RK4 with h = 1e-6
awk -F, 'BEGIN {
    x = 1; v = 0; h = 1e-6; d = 0
    for (k = 1; k <= 20000; k++) {
        x1 = x; v1 = v; a1 = acc(x1, v1)
        x2 = x + h/2 * v1; v2 = v + h/2 * a1; a2 = acc(x2, v2)
        x3 = x + h/2 * v2; v3 = v + h/2 * a2; a3 = acc(x3, v3)
        x4 = x + h * v3; v4 = v + h * a3; a4 = acc(x4, v4)
        x += h/6 * (v1 + 2*v2 + 2*v3 + v4); v += h/6 * (a1 + 2*a2 + 2*a3 + a4)
        if (k == 10000) { rx[1] = x; rv[1] = v }
        if (k == 20000) { rx[2] = x; rv[2] = v }
    }
}
function acc(x, v,   r, i) { r = -x - 0.1 * v; for (i = 0; i < 50; i++) d -= (d + 0.1 * d^3 - r) / (1 + 0.3 * d^2); return d }
NR > 1 && ($1 == 0.01 || $1 == 0.02) {
    k = $1 == 0.01 ? 1 : 2; n++
    if ((($2 - rx[k]) / rx[k])^2 > 4e-10 || (($3 - rv[k]) / rv[k])^2 > 4e-10) {   # (tolerance 1e-6)
        printf "FAIL: at %s x = %s, v = %s; the reference %.15g, %.15g\n", $1, $2, $3, rx[k], rv[k]; bad = 1 }
}
END { if (n != 2) { print "FAIL: rows at 0.01 and 0.02 missing"; bad = 1 } exit bad }' "$D/sdl.csv" || st=1
if command -v valgrind >/dev/null 2>&1; then
    vout=$(cd "$D" && valgrind --error-exitcode=99 ./sdl -r=v.csv 2>&1); vrc=$?
    [ $vrc = 0 ] || { echo "FAIL: valgrind (status $vrc): $(grep 'ERROR SUMMARY' <<<"$vout")"; st=1; }
fi
exit $st
