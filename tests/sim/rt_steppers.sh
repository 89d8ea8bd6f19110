# Every stepper -s accepts integrates the harmonic oscillator (tests/rt/osc.c) to the closed form
# x = cos t, v = -sin t, with the finite-difference Jacobian and with the model's own; implicit
# steppers evaluate a Jacobian, explicit ones never do. SUNDIALS' (cvode, cvode_adams, ida, dassl) with
# each of their linear solvers: dense LU (the model's Jacobian or SUNDIALS' difference quotients), KLU
# (the model's sparse Jacobian), GMRES.
. "$(dirname "$0")/../rt/common.sh"
FD=$(rt_build osc_fd osc.c) || exit 1
JAC=$(rt_build osc_jac osc.c -DOSC_JAC) || exit 1
rt_scratch "$0"
for s in rk45 rkf45 rkck rk8pd rk2 rk4 rk1imp rk2imp rk4imp bsimp msadams msbdf cvode cvode_adams ida dassl; do
    tol=1e-5
    # GSL's msbdf loses accuracy when every output time cuts its step (the same with gsl_odeiv2_driver_apply,
    # see rt_gsl_parity.sh); rk1imp is first order
    case $s in rk1imp) tol=2e-3 ;; rk2|rk2imp|msbdf) tol=1e-4 ;; esac
    for exe in "$FD" "$JAC"; do
        out=$("$exe" -s=$s -tolerance=1e-8 -stopTime=3 -lv=LOG_STATS) || fail "$s: exit $?"
        grep -qx "The simulation finished successfully." <<<"$out" || fail "$s: no success line"
        ex=$(csv_maxerr Osc_res.csv x 'cos(t)'); ev=$(csv_maxerr Osc_res.csv v '-sin(t)')
        le "$ex" $tol && le "$ev" $tol || fail "$s ($(basename "$exe")): max error x $ex, v $ev > $tol"
        nj=$(sed -n 's/.*Jacobian evaluations: //p' <<<"$out")
        case $s in
        rk1imp|rk2imp|rk4imp|bsimp|msbdf|cvode*|ida|dassl) [ "$nj" -gt 0 ] || fail "$s: no Jacobian evaluations" ;;
        *) [ "$nj" = 0 ] || fail "$s: $nj Jacobian evaluations for an explicit method" ;;
        esac
    done
done
for s in cvode cvode_adams ida; do
    for ls in dense klu spgmr; do
        out=$("$JAC" -s=$s -idaLS=$ls -tolerance=1e-8 -stopTime=3 -lv=LOG_STATS,LOG_SOLVER) || fail "$s -idaLS=$ls: exit $?"
        ex=$(csv_maxerr Osc_res.csv x 'cos(t)'); ev=$(csv_maxerr Osc_res.csv v '-sin(t)')
        le "$ex" 1e-5 && le "$ev" 1e-5 || fail "$s -idaLS=$ls: max error x $ex, v $ev > 1e-5"
        want=$(case $ls in dense) echo "dense (generated Jacobian)" ;; klu) echo "KLU (generated sparse Jacobian)" ;;
               spgmr) echo "GMRES (difference quotients)" ;; esac)
        grep -qF "states, linear solver $want," <<<"$out" || fail "$s -idaLS=$ls: not '$want': $(grep integrator <<<"$out")"
    done
done
out=$("$FD" -s=ida -idaLS=klu 2>&1) && fail "-idaLS=klu without a sparse Jacobian ran"
grep -qx "error: cannot set up the integrator ida: -idaLS=klu: the model has no sparse Jacobian" <<<"$out" || fail "klu message: $out"
# the default is rkf45
"$FD" -lv=LOG_STATS | grep -q "solver: rkf45, tolerance 1e-06, 500 output intervals" || fail "default solver line"
echo ok
