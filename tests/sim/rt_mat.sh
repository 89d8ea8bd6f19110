# -outputFormat=mat: the MAT v4 file read back by an independent reader (tests/rt/matread.c): the six
# matrices with their types and sizes, Aclass, names, descriptions, dataInfo (aliases share a row, a
# negated alias has a negative row, parameters live in data_1), data_1 (time start/stop, parameter
# values after -override), data_2 (one column per output point, x = cos t), -variableFilter, and a run
# that fails keeps a valid file with the points computed so far.
. "$(dirname "$0")/../rt/common.sh"
OSC=$(rt_build osc_fd osc.c) || exit 1
FAIL=$(rt_build fail fail.c) || exit 1
READ=$RT/matread
if [ ! -x "$READ" ] || [ "$ROOT/tests/rt/matread.c" -nt "$READ" ]; then
    cc -std=c11 -O2 -Wall -Wextra -o "$READ" "$ROOT/tests/rt/matread.c" || fail "build matread"
fi
rt_scratch "$0"

"$OSC" -outputFormat=mat >/dev/null || fail "mat run"
[ -f Osc_res.mat ] && [ ! -e Osc_res.csv ] || fail "default name Osc_res.mat"
"$READ" Osc_res.mat > dump.txt || fail "matread: $(cat dump.txt)"
expect() { grep -qxF -- "$1" dump.txt || fail "missing line: $1"; }
[ "$(grep '^MATRIX' dump.txt | tr '\n' '|')" = "MATRIX Aclass 51 4 11|MATRIX name 51 6 11|MATRIX description 51 25 11|MATRIX dataInfo 20 4 11|MATRIX data_1 0 4 2|MATRIX data_2 0 6 501|" ] ||
    fail "matrices: $(grep '^MATRIX' dump.txt | tr '\n' '|')"
expect "END ok"
expect 'Aclass ROW 1: "Atrajectory"'
expect 'Aclass ROW 2: "1.1        "'
expect 'Aclass ROW 3: "           "'
expect 'Aclass ROW 4: "binTrans   "'
[ "$(sed -n 's/^name COL [0-9]*: //p' dump.txt | tr '\n' ' ')" = '"time" "x" "v" "der(x)" "der(v)" "k" "w" "c" "E" "a" "b" ' ] ||
    fail "names: $(sed -n 's/^name COL [0-9]*: //p' dump.txt | tr '\n' ' ')"
expect 'description COL 1: "Simulation time [s]"'
expect 'description COL 2: "position [m]"'
expect 'description COL 4: ""'
expect 'description COL 7: "angular frequency [rad/s]"'
expect 'description COL 8: "a constant"'
[ "$(sed -n 's/^dataInfo COL [0-9]*: //p' dump.txt | tr '\n' '|')" = "0 1 0 -1|2 2 0 0|2 3 0 0|2 4 0 0|2 5 0 0|1 2 0 0|1 3 0 0|1 4 0 0|2 6 0 0|2 2 0 0|2 -3 0 0|" ] ||
    fail "dataInfo: $(sed -n 's/^dataInfo COL [0-9]*: //p' dump.txt | tr '\n' '|')"
expect "data_1 ROW 1: 0 1"
expect "data_1 ROW 2: 1 1"
expect "data_1 ROW 3: 1 1"
expect "data_1 ROW 4: 3 3"
expect "data_2 COL 1: 0 1 0 0 -1 0.5"
[ "$(grep -c '^data_2 COL' dump.txt)" = 501 ] || fail "data_2 columns"
awk '/^data_2 COL/ { n++; t = $4; if (n != 1 && t != (n - 1) * 0.002 && !(n == 501 && t == 1)) { print "time " t " at column " n; bad = 1 }
                     e = $5 - cos(t); if (e < 0) e = -e; if (e > 1e-6) { print "x at " t ": " $5; bad = 1 }
                     if ($6 != $7 || $8 != -$5) { print "der(x) or der(v) at " t; bad = 1 } }
     END { if (t != 1) { print "last time " t; bad = 1 } exit bad }' dump.txt || fail "data_2 values"

# parameters after -override, and a filter that keeps only a negated alias and a parameter
"$OSC" -outputFormat=mat -override=k=4 '-variableFilter=b|w' -r=f.mat >/dev/null || fail "filtered mat run"
"$READ" f.mat > dump.txt || fail "matread filtered"
[ "$(sed -n 's/^name COL [0-9]*: //p' dump.txt | tr '\n' ' ')" = '"time" "w" "b" ' ] || fail "filtered names"
[ "$(sed -n 's/^dataInfo COL [0-9]*: //p' dump.txt | tr '\n' '|')" = "0 1 0 -1|1 2 0 0|2 -2 0 0|" ] ||
    fail "filtered dataInfo: $(sed -n 's/^dataInfo COL [0-9]*: //p' dump.txt | tr '\n' '|')"
expect "data_1 ROW 2: 2 2"
expect "MATRIX data_2 0 2 501"
awk '/^data_2 COL/ { e = $5 - (-2 * sin(2 * $4)); if (e < 0) e = -e; if (e > 1e-6) { print "v at " $4 ": " $5; bad = 1 } }
     END { exit bad }' dump.txt || fail "filtered data_2 holds v"

# a failed run keeps a valid file with the points before the failure (0, 0.25, 0.5, 0.75)
"$FAIL" -outputFormat=mat 2>/dev/null && fail "fail model succeeded"
"$READ" Fail_res.mat > dump.txt || fail "matread after failure: $(cat dump.txt)"
expect "MATRIX data_2 0 4 4"
expect "END ok"
[ "$(sed -n 's/^data_2 COL [0-9]*: \([^ ]*\).*/\1/p' dump.txt | tr '\n' ' ')" = "0 0.25 0.5 0.75 " ] || fail "failed run times"
echo ok
