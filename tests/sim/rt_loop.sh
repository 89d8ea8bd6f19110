# Algebraic loops solved inside the right-hand side (tests/rt/loop.c): mo2c_solve_nonlinear with the
# loop's Jacobian and with finite differences, mo2c_solve_linear, against the closed form exp(-t).
. "$(dirname "$0")/../rt/common.sh"
LOOP=$(rt_build loop loop.c) || exit 1
NOJAC=$(rt_build loop_nojac loop.c -DLOOP_NOJAC) || exit 1
rt_scratch "$0"
for exe in "$LOOP" "$NOJAC"; do
    for s in rkf45 msbdf; do
        "$exe" -s=$s -stopTime=2 >/dev/null || fail "$(basename "$exe") -s=$s"
        for c in x1 x2 z w1 w2; do
            e=$(csv_maxerr Loop_res.csv $c 'exp(-t)'); le "$e" 2e-5 || fail "$(basename "$exe") -s=$s: $c error $e"
        done
        e=$(csv_maxerr Loop_res.csv 'der(x1)' '-exp(-t)'); le "$e" 2e-5 || fail "der(x1) error $e"
    done
done
echo ok
