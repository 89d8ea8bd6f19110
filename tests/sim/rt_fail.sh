# Failures during the run (tests/rt/fail.c): the message names the time and the cause (the equation's
# `where` text, or the variable that turned NaN), the exit status is 1, there is no success line, and
# the CSV keeps every output point computed before the failure.
. "$(dirname "$0")/../rt/common.sh"
FAIL=$(rt_build fail fail.c) || exit 1
rt_scratch "$0"

# run MODE: sets $out, $err, $rc
run() { out=$("$FAIL" -override=mode=$1 2>err.txt); rc=$?; err=$(cat err.txt); }

run 0
[ $rc = 1 ] || fail "mode 0: exit $rc"
[ "$err" = "error: at time 1: division by zero in equation fail.c:40: y = 1/(1 - time)" ] || fail "mode 0: $err"
[ -z "$out" ] || fail "mode 0 stdout: $out"
[ "$(csv_times Fail_res.csv | tr '\n' ' ')" = "0 0.25 0.5 0.75 " ] || fail "mode 0 rows: $(csv_times Fail_res.csv | tr '\n' ' ')"
e=$(csv_maxerr Fail_res.csv y '1/(1 - t)'); le "$e" 1e-12 || fail "mode 0 y values: $e"
e=$(csv_maxerr Fail_res.csv x 'exp(-t)'); le "$e" 1e-6 || fail "mode 0 x values: $e"

run 1
[ $rc = 1 ] && [ "$err" = "error: at time 1.25: y is NaN" ] || fail "mode 1: $rc $err"
[ "$(csv_times Fail_res.csv | tr '\n' ' ')" = "0 0.25 0.5 0.75 1 " ] || fail "mode 1 rows"

# fails inside a step, at the first evaluation past 0.7325 (before the output point 0.75)
run 2
[ $rc = 1 ] || fail "mode 2: exit $rc"
t=$(sed -n 's/^error: at time \([0-9.]*\): sqrt of negative number -[0-9.e-]* in equation fail.c:42: y = sqrt(0.7325 - time)$/\1/p' <<<"$err")
[ -n "$t" ] && le 0.7325 "$t" && le "$t" 0.75 || fail "mode 2: $err"
[ "$(csv_times Fail_res.csv | tr '\n' ' ')" = "0 0.25 0.5 " ] || fail "mode 2 rows"

run 3
[ $rc = 1 ] || fail "mode 3: exit $rc"
# (a derivative that is not finite fails the evaluation: the steps shrink to t = 1.3, where it is named)
t=$(sed -n 's/^error: at time \([0-9.]*\): der(x) is NaN$/\1/p' <<<"$err")
[ -n "$t" ] && le 1.3 "$t" && le "$t" 1.3001 || fail "mode 3: $err"
[ "$(csv_times Fail_res.csv | tr '\n' ' ')" = "0 0.25 0.5 0.75 1 1.25 " ] || fail "mode 3 rows"

# x' = x^2 blows up at t = 1: the integrator gives up just before
run 4
[ $rc = 1 ] || fail "mode 4: exit $rc"
t=$(sed -n 's/^error: at time \([0-9.]*\): .*/\1/p' <<<"$err")
[ -n "$t" ] && le 0.99 "$t" && le "$t" 1.0 || fail "mode 4: $err"
[ "$(csv_times Fail_res.csv | tail -1)" = 0.75 ] || fail "mode 4 rows"

# the same failure with another stepper, and a failure during initialization (sqrt of a negative k)
out=$("$FAIL" -s=msbdf 2>&1); rc=$?
[ $rc = 1 ] && [ "$out" = "error: at time 1: division by zero in equation fail.c:40: y = 1/(1 - time)" ] || fail "msbdf: $out"
for s in cvode ida; do   # SUNDIALS: the model's message, not SUNDIALS' own
    out=$("$FAIL" -s=$s 2>&1); rc=$?
    [ $rc = 1 ] && [ "$out" = "error: at time 1: division by zero in equation fail.c:40: y = 1/(1 - time)" ] || fail "$s: $out"
done
OSC=$(rt_build osc_fd osc.c) || exit 1
rm -f Osc_res.csv
out=$("$OSC" -override=k=-1 2>&1); rc=$?
[ $rc = 1 ] && [ "$out" = "error: at time 0: sqrt of negative number -1 in equation osc.c:50: w = sqrt(k)" ] || fail "init: $rc $out"
echo ok
