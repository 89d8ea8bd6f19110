# A simulator whose model code crashes, or that is stopped from outside (tests/rt/crash.c), keeps its
# results and says when and why (runtime/guard.c): the CSV holds the whole rows computed before the
# crash (0, 0.25, 0.5), the MAT file's data_2 column count is patched so that a MAT v4 reader (ours, and
# scipy.io.loadmat when it is installed) takes it, stderr names the time and the signal, the exit status
# is 1 for a crash and the signal's own for SIGINT, SIGTERM and SIGXCPU.
. "$(dirname "$0")/../rt/common.sh"
CRASH=$(rt_build crash crash.c) || exit 1
READ=$RT/matread
if [ ! -x "$READ" ] || [ "$ROOT/tests/rt/matread.c" -nt "$READ" ]; then
    cc -std=c11 -O2 -Wall -Wextra -o "$READ" "$ROOT/tests/rt/matread.c" || fail "build matread"
fi
SCIPY=""
for py in python3 /usr/bin/python3; do
    if "$py" -c 'import scipy.io' 2>/dev/null; then SCIPY=$py; break; fi
done
rt_scratch "$0"

ROWS="0 0.25 0.5 "
# check_err TEXT: the two lines of the report, the time that of the first evaluation past 0.6
check_err() {
    local file=$1 text=$2
    t=$(sed -n "1s/^error: at time \([0-9.]*\): $text\$/\1/p" err.txt)
    [ -n "$t" ] && le 0.6 "$t" && le "$t" 0.75 || fail "$text: stderr: $(cat err.txt)"
    [ "$(sed -n 2p err.txt)" = "note: the result file '$file' keeps the 3 points up to time 0.5" ] ||
        fail "$text: note: $(cat err.txt)"
    [ "$(wc -l < err.txt)" = 2 ] || fail "$text: more on stderr: $(cat err.txt)"
}
check_csv() {
    [ "$(csv_times Crash_res.csv | tr '\n' ' ')" = "$ROWS" ] || fail "$1: rows $(csv_times Crash_res.csv | tr '\n' ' ')"
    [ "$(tail -c1 Crash_res.csv | od -An -c | tr -d ' ')" = '\n' ] || fail "$1: the last row is not whole"
    e=$(csv_maxerr Crash_res.csv x 'exp(-t)'); le "$e" 1e-6 || fail "$1: x values: $e"
}
check_mat() {
    "$READ" Crash_res.mat > dump.txt || fail "$1: matread: $(cat dump.txt)"
    grep -qx "MATRIX data_2 0 3 3" dump.txt && grep -qx "END ok" dump.txt || fail "$1: MAT: $(grep -e MATRIX -e END dump.txt)"
    [ "$(sed -n 's/^data_2 COL [0-9]*: \([^ ]*\).*/\1/p' dump.txt | tr '\n' ' ')" = "$ROWS" ] || fail "$1: MAT times"
    if [ -n "$SCIPY" ]; then
        got=$("$SCIPY" -c 'import scipy.io, sys; m = scipy.io.loadmat(sys.argv[1]); print(m["data_2"].shape, list(m["data_2"][0]))' Crash_res.mat 2>&1)
        [ "$got" = "(3, 3) [0.0, 0.25, 0.5]" ] || fail "$1: scipy.io.loadmat: $got"
    fi
}

# the crashes: mode, the words of the message
crash() {
    local mode=$1 text=$2
    rm -f Crash_res.csv Crash_res.mat
    "$CRASH" -override=mode=$mode >out.txt 2>err.txt; rc=$?
    [ $rc = 1 ] || fail "mode $mode: exit status $rc"
    [ ! -s out.txt ] || fail "mode $mode: stdout: $(cat out.txt)"
    check_err Crash_res.csv "$text"
    check_csv "mode $mode"
    "$CRASH" -override=mode=$mode -outputFormat=mat >out.txt 2>err.txt; rc=$?
    [ $rc = 1 ] || fail "mode $mode mat: exit status $rc"
    check_err Crash_res.mat "$text"
    check_mat "mode $mode"
}
crash 0 'the simulator crashed: invalid memory access or stack overflow (SIGSEGV)'
crash 1 'the simulator crashed: arithmetic exception, such as an integer division by zero (SIGFPE)'
crash 2 'the simulator crashed: bus error (SIGBUS)'
crash 3 'the simulator crashed: invalid memory access or stack overflow (SIGSEGV)'
crash 4 'the simulator crashed: aborted (SIGABRT)'

# stopped from outside while the model loops forever: the signal's own exit status (128 + number)
stopped() {
    local sig=$1 status=$2 text=$3 fmt=$4
    rm -f spinning Crash_res.csv Crash_res.mat
    if [ "$sig" = XCPU ]; then
        (ulimit -S -t 1; exec "$CRASH" -override=mode=5 -outputFormat=$fmt) >out.txt 2>err.txt; rc=$?
    else
        # timeout sends the signal after 2 s; the model reaches its loop within milliseconds
        timeout --preserve-status -s "$sig" 2 "$CRASH" -override=mode=5 -outputFormat=$fmt >out.txt 2>err.txt; rc=$?
    fi
    [ -f spinning ] || fail "SIG$sig: the model never reached its loop: $(cat err.txt)"
    [ $rc = "$status" ] || fail "SIG$sig: exit status $rc, expected $status"
    check_err "Crash_res.$fmt" "$text"
    if [ "$fmt" = csv ]; then check_csv "SIG$sig"; else check_mat "SIG$sig"; fi
}
stopped INT 130 'the simulation was interrupted (SIGINT)' csv
stopped TERM 143 'the simulation was terminated (SIGTERM)' mat
stopped XCPU 152 'the simulation was stopped: CPU time limit exceeded (SIGXCPU)' csv

# the same model without a crash runs to the end
"$CRASH" >out.txt 2>err.txt || fail "mode 6: $(cat err.txt)"
[ "$(csv_times Crash_res.csv | wc -l)" = 9 ] || fail "mode 6 rows"
echo ok
