# -override and -overrideFile (parameters and start values of states; unknown and non-overridable names
# are errors naming them), and the command line's errors and help, word for word.
. "$(dirname "$0")/../rt/common.sh"
OSC=$(rt_build osc_fd osc.c) || exit 1
rt_scratch "$0"


# a parameter: k = 4 gives x = cos(2t); the derived parameter follows (w = 2 in MAT, checked there)
"$OSC" -override=k=4 >/dev/null || fail "override k"
e=$(csv_maxerr Osc_res.csv x 'cos(2*t)'); le "$e" 1e-6 || fail "k=4: error $e"
# start values of states: x(0) = 2, v(0) = 1 gives x = 2 cos t + sin t
"$OSC" -override=x=2,v=1 >/dev/null || fail "override start"
e=$(csv_maxerr Osc_res.csv x '2*cos(t) + sin(t)'); le "$e" 1e-6 || fail "x0=2,v0=1: error $e"
# a negated alias sets its source's start value: b = -v = 3 means v(0) = -3
"$OSC" -override=b=3 >/dev/null || fail "override b"
e=$(csv_maxerr Osc_res.csv v '-3*cos(t) - sin(t)'); le "$e" 1e-6 || fail "b=3: error $e"
# -overrideFile: comments, blank lines, spaces, and a setting
cat > ovr.txt <<'TXT'
// start values
x = 0.5

  // and the stiffness
k=9
stopTime=2
TXT
"$OSC" -overrideFile=ovr.txt >/dev/null || fail "overrideFile"
[ "$(csv_times Osc_res.csv | tail -1)" = 2 ] || fail "stopTime from the file"
e=$(csv_maxerr Osc_res.csv x '0.5*cos(3*t)'); le "$e" 1e-6 || fail "file values: error $e"
# -override after -overrideFile wins
"$OSC" -overrideFile=ovr.txt -override=k=1 >/dev/null || fail "file then override"
e=$(csv_maxerr Osc_res.csv x '0.5*cos(t)'); le "$e" 1e-6 || fail "later override: error $e"

expect_error "error: -override: unknown variable 'zz'" -override=k=2,zz=1
expect_error "error: -override: variable 'w' cannot be overridden (only parameters and start values of states can)" -override=w=2
expect_error "error: -override: variable 'c' cannot be overridden (only parameters and start values of states can)" -override=c=2
expect_error "error: -override: variable 'der(x)' cannot be overridden (only parameters and start values of states can)" '-override=der(x)=2'
expect_error "error: -override: variable 'E' cannot be overridden (only parameters and start values of states can)" -override=E=2
expect_error "error: -override: invalid value 'abc' for 'k'" -override=k=abc
expect_error "error: -override: expected NAME=VALUE, got 'k'" -override=k
expect_error "error: -override: invalid number 'soon' for stopTime" -override=stopTime=soon
printf 'k=2\n// fine\nnope=3\n' > bad.txt
expect_error "error: bad.txt:3: unknown variable 'nope'" -overrideFile=bad.txt
expect_error "error: -overrideFile: cannot read 'missing.txt': No such file or directory" -overrideFile=missing.txt

# the command line
expect_error "error: unknown flag '-foo'" -foo
err=$("$OSC" -foo=1 2>&1 >/dev/null)
grep -q "^usage: " <<<"$err" || fail "unknown flag without usage"
expect_error "error: unknown flag 'stray'" stray
expect_error "error: flag '-stopTime' needs a value (-stopTime=T or -stopTime T)" -stopTime
expect_error "error: flag '-noEventEmit' takes no value" -noEventEmit=1
expect_error "error: -stopTime: invalid number '1s' for stopTime" -stopTime=1s
expect_error "error: -tolerance: tolerance must be positive, got '0'" -tolerance=0
expect_error "error: -stepSize: stepSize must be positive, got '-1'" -stepSize=-1
expect_error "error: -s: unknown solver 'euler2' (known: rk45 rkf45 rkck rk8pd rk2 rk4 rk1imp rk2imp rk4imp bsimp msadams msbdf rungekutta cvode cvode_adams ida dassl)" -s=euler2
expect_error "error: -outputFormat: unknown output format 'plt' (known: csv, mat, empty)" -outputFormat=plt
err=$("$OSC" '-variableFilter=x(' 2>&1 >/dev/null); rc=$?
[ $rc = 1 ] && grep -q "^error: -variableFilter: invalid regular expression 'x(': " <<<"$err" || fail "bad regex: $err"
expect_error "error: -lv: unknown log stream 'STATS' (known: LOG_STATS, LOG_INIT, LOG_EVENTS, LOG_NLS, LOG_SOLVER)" -lv=STATS
"$OSC" -noEventEmit -lv=LOG_SOLVER,LOG_STATS >/dev/null || fail "accepted flags"

# -help lists every flag, on stdout, exit 0
rm -f Osc_res.csv
help=$("$OSC" -help) || fail "-help exit status"
for flag in -help -startTime= -stopTime= -stepSize= -tolerance= -s= -override= -overrideFile= -r= -outputFormat= \
            -variableFilter= -emit_protected -noEventEmit -lv=; do
    grep -q -- "  $flag" <<<"$help" || fail "-help does not list $flag"
done
[ ! -e Osc_res.csv ] || fail "-help simulated"

# -lv=LOG_STATS prints its lines before the success line
out=$("$OSC" -lv=LOG_STATS) || fail "LOG_STATS run"
for l in "### STATISTICS ###" "solver: rkf45" "steps: [0-9]+$" "failed steps: [0-9]+$" "right-hand-side calls: [0-9]+$" \
         "Jacobian evaluations: 0$" "CPU time: [0-9.]+ s$" "wall time: [0-9.]+ s$"; do
    grep -Eq "^LOG_STATS \| info \| $l" <<<"$out" || fail "LOG_STATS line '$l' missing: $out"
done
[ "$(tail -1 <<<"$out")" = "The simulation finished successfully." ] || fail "success line last"
echo ok
