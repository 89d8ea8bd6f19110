# The runtime's integration loop takes exactly the steps of a hand-written GSL program
# (tests/rt/handosc.c: gsl_odeiv2_driver_alloc_y_new + gsl_odeiv2_driver_apply to every output time)
# with the same stepper, tolerance and output grid, and evaluates the right-hand side no more often
# than it does plus once per output point (at most; explicit Runge-Kutta steppers reuse their last
# evaluation) and once more per Jacobian for bsimp (its df/dt).
. "$(dirname "$0")/../rt/common.sh"
JAC=$(rt_build osc_jac osc.c -DOSC_JAC) || exit 1
HAND=$RT/handosc
if [ ! -x "$HAND" ] || [ "$ROOT/tests/rt/handosc.c" -nt "$HAND" ]; then
    cc -std=c11 -O2 -Wall -Wextra -o "$HAND" "$ROOT/tests/rt/handosc.c" -lgsl -lgslcblas -lm || fail "build handosc"
fi
rt_scratch "$0"
for case in "rkf45 1e-6 1 500" "rkck 1e-8 5 100" "rk8pd 1e-10 10 50" "rk4imp 1e-6 2 200" "bsimp 1e-8 3 300" \
            "msbdf 1e-7 4 400" "msadams 1e-7 4 40"; do
    set -- $case
    ref=$("$HAND" "$1" "$2" "$3" "$4") || fail "handosc $case"
    out=$("$JAC" -s="$1" -tolerance="$2" -stopTime="$3" -override=numberOfIntervals="$4" -lv=LOG_STATS -outputFormat=empty) ||
        fail "osc $case"
    steps=$(sed -n 's/.*| steps: //p' <<<"$out"); failed=$(sed -n 's/.*failed steps: //p' <<<"$out")
    rhs=$(sed -n 's/.*right-hand-side calls: //p' <<<"$out"); njac=$(sed -n 's/.*Jacobian evaluations: //p' <<<"$out")
    read -r _ rsteps _ rfailed _ rrhs _ <<<"$ref"
    [ "$steps" = "$rsteps" ] && [ "$failed" = "$rfailed" ] ||
        fail "$case: runtime took $steps steps ($failed failed), hand-written GSL $rsteps ($rfailed)"
    extra=$(( $4 + 1 )); [ "$1" = bsimp ] && extra=$(( extra + njac ))
    [ "$rhs" -le $(( rrhs + extra )) ] || fail "$case: $rhs right-hand-side calls, hand-written $rrhs"
    case $1 in rkf45|rkck|rk8pd) [ "$rhs" -le $(( rrhs + 1 )) ] || fail "$case: $rhs rhs calls vs $rrhs: output points not reused" ;; esac
done
echo ok
