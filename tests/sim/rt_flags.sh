#!/usr/bin/env bash
# The simulator flags OpenModelica's tools pass (runtime/cli.c), on tests/models/SimFlags.mo against its
# closed forms: x = 2 exp(-t) (its initial equation), exp(-t) with -iim=none; the event v > 0.3 at
# 0.3, later with -noRootFinding; -maxStepSize and -initialStepSize seen in LOG_SOLVER's steps; the
# $cpuTime and $solverSteps columns of -cpu and -steps; -outputPath; the -flag value form; -help=FLAG;
# the logs of -lv; -w. Every bad value is an error with exit status 1 and no result file.
source tests/ref/lib.sh
. tests/rt/common.sh
D=$OUT/rt_flags
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/SimFlags.mo -o "$D/sf" || exit 1
cd "$D" || exit 1
RES=SimFlags_res.csv
col() { awk -F, -v c="\"$2\"" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next } { print $k }' "$1"; }

# -help lists every flag; -help=FLAG and -help FLAG one
./sf -help > help.txt || fail "-help"
for f in alarm maxStepSize initialStepSize cpu steps noRootFinding iim outputPath w mat_sync lv csvInput l f inputPath; do
    grep -q "^  -$f[= ]" help.txt || fail "-help does not list -$f"
done
[ "$(./sf -help=iim | head -1)" = "  -iim=METHOD              initialization: symbolic (default: start values, fixed attributes" ] ||
    fail "-help=iim: $(./sf -help=iim)"
[ "$(./sf -help noRootFinding | wc -l)" = 2 ] || fail "-help noRootFinding"

# the -flag value form, and the closed form of the initial equation
./sf -stopTime 2 -stepSize 0.1 > /dev/null || fail "-stopTime 2"
[ "$(col $RES time | tail -1)" = 2 ] || fail "-stopTime 2: last time $(col $RES time | tail -1)"
closed_form $RES x '2*exp(-t)' 1e-5 || fail "x = 2 exp(-t)"
# -iim=none: x keeps its start value 1
./sf -iim=none > /dev/null || fail "-iim=none"
closed_form $RES x 'exp(-t)' 1e-5 || fail "-iim=none: x = exp(-t)"
./sf -iim symbolic > /dev/null && closed_form $RES x '2*exp(-t)' 1e-5 || fail "-iim symbolic"

# the event: at 0.3 located; with -noRootFinding at the end of the step that saw it (steps <= 0.07)
./sf > /dev/null || fail "plain run"
te=$(col $RES te | tail -1)
awk -v t="$te" 'BEGIN { exit !(t > 0.3 - 1e-9 && t < 0.3 + 1e-9) }' || fail "event at $te, not 0.3"
./sf -noRootFinding -maxStepSize=0.07 > /dev/null || fail "-noRootFinding"
te=$(col $RES te | tail -1)
awk -v t="$te" 'BEGIN { exit !(t > 0.3 + 1e-9 && t <= 0.37 + 1e-9) }' || fail "-noRootFinding: event at $te"

# a tolerance below what double precision can meet is refused, not run for ever (found by fuzz_sim)
out=$(./sf -tolerance=1e-86 2>&1) && fail "-tolerance=1e-86 was accepted"
grep -q "tolerance 1e-86 is below what double precision can meet" <<<"$out" || fail "-tolerance=1e-86 said: $out"

out=$(./sf -maxStepSize=5.01e-41 2>&1) && fail "-maxStepSize=5.01e-41 was accepted"
grep -q "maxStepSize=5.01e-41 would take more than 1e+12 steps" <<<"$out" || fail "-maxStepSize=5.01e-41 said: $out"

# -maxStepSize: no step above it; -initialStepSize: the first step
./sf -maxStepSize=0.01 -lv=LOG_SOLVER -stepSize=0.5 > log.txt || fail "-maxStepSize"
big=$(sed -n 's/.*| step [0-9]*: t = [^,]*, step size \([^ ]*\) .*/\1/p' log.txt | awk '$1 > 0.01 + 1e-12' | head -1)
[ -z "$big" ] || fail "-maxStepSize=0.01: a step of $big"
n=$(grep -c '| step ' log.txt); [ "$n" -ge 100 ] || fail "-maxStepSize=0.01: only $n steps over 1 s"
./sf -initialStepSize=1e-7 -lv=LOG_SOLVER > log.txt || fail "-initialStepSize"
grep -q '^LOG_SOLVER | info | step 1: t = 1e-07, step size 1e-07 ' log.txt || fail "-initialStepSize: $(grep -m1 'step 1:' log.txt)"
grep -q '^LOG_SOLVER | info | integrator rkf45: tolerance 1e-06, first step 1e-07,' log.txt || fail "LOG_SOLVER header"
grep -q '^LOG_SOLVER | info | integrator restarted at time 0.3' log.txt || fail "LOG_SOLVER restart"

# -cpu and -steps: their columns right after time, non-decreasing; the last step count is LOG_STATS's
./sf -cpu -steps -lv=LOG_STATS > log.txt || fail "-cpu -steps"
[ "$(head -1 $RES | cut -d, -f1-4)" = '"time","$cpuTime","$solverSteps","x"' ] || fail "-cpu -steps header: $(head -1 $RES)"
col $RES '$cpuTime' | awk 'NR > 1 && $1 < p { exit 1 } $1 < 0 { exit 1 } { p = $1 }' || fail "\$cpuTime decreases"
col $RES '$solverSteps' | awk 'NR > 1 && $1 < p { exit 1 } $1 != int($1) { exit 1 } { p = $1 }' || fail "\$solverSteps"
[ "$(col $RES '$solverSteps' | tail -1)" = "$(sed -n 's/.*| steps: //p' log.txt)" ] || fail "\$solverSteps vs LOG_STATS"
./sf -cpu -outputFormat=mat > /dev/null || fail "-cpu mat"
/usr/bin/python3 -c 'import scipy.io' 2>/dev/null && {
    /usr/bin/python3 - <<'PY' || fail "-cpu in MAT"
import scipy.io
m = scipy.io.loadmat("SimFlags_res.mat", chars_as_strings=False)
names = ["".join(c).rstrip("\0").strip() for c in m["name"].T]
assert names[1] == "$cpuTime", names[:3]
assert m["dataInfo"][0][1] == 2 and m["dataInfo"][1][1] == 2, m["dataInfo"][:, 1]
assert (m["data_2"][1] >= 0).all()
PY
}

# -outputPath: the default result file goes there (-r wins)
mkdir out
./sf -outputPath=out > /dev/null && [ -f out/SimFlags_res.csv ] || fail "-outputPath"
./sf -outputPath out -r=mine.csv > /dev/null && [ -f mine.csv ] || fail "-outputPath with -r"
# -r=x.mat alone writes MAT; -outputFormat wins over the name
./sf -r=x.mat > /dev/null && [ "$(head -c 4 x.mat | od -An -tx1 | tr -d ' ')" = 33000000 ] || fail "-r=x.mat is not MAT"
./sf -r=y.mat -outputFormat=csv > /dev/null && head -1 y.mat | grep -q '^"time"' || fail "-r=y.mat -outputFormat=csv"

# the logs
./sf -lv=LOG_INIT,LOG_EVENTS,LOG_NLS,LOG_STATS > log.txt || fail "-lv"
grep -q '^LOG_INIT | info | ### SOLVING INITIALIZATION at time 0 (method: symbolic) ###$' log.txt || fail "LOG_INIT"
grep -q '^LOG_INIT | info | state x = 2$' log.txt || fail "LOG_INIT state: $(grep LOG_INIT log.txt)"
grep -q "^LOG_EVENTS | info | state event at time 0.300000000000[0-9]*: 'v > 0.3' became true$" log.txt || fail "LOG_EVENTS: $(grep state log.txt)"
grep -q '^LOG_EVENTS | info | time event at time 1$' log.txt || fail "LOG_EVENTS sample"
grep -qE '^LOG_NLS \| info \| at time 0: nonlinear system of 1 unknowns in .*SimFlags.mo:15: z\^3 \+ z = x: solved in [0-9]+ (iteration|Newton step)' log.txt ||
    fail "LOG_NLS: $(grep -m1 LOG_NLS log.txt)"
grep -q '^LOG_STATS | info | steps: ' log.txt || fail "LOG_STATS"
./sf > log.txt && [ "$(cat log.txt)" = "The simulation finished successfully." ] || fail "logs without -lv: $(cat log.txt)"

# -w: a warning of LOG_EVENTS (100 events in one output interval) shown with -w or -lv=LOG_EVENTS only
./sf -override period=0.001 -stepSize=0.5 2> err.txt > /dev/null || fail "sample 0.001"
[ ! -s err.txt ] || fail "a warning without -w: $(cat err.txt)"
./sf -override period=0.001 -stepSize=0.5 -w 2> err.txt > /dev/null || fail "-w"
[ "$(cat err.txt)" = "warning: at time 0.1: 100 events within one output interval (from time 0.001)" ] || fail "-w: $(cat err.txt)"

# bad values
OSC=./sf
bad() { local want=$1; shift; rm -f $RES; local err; err=$(timeout 20 ./sf "$@" 2>&1 >/dev/null); local rc=$?
    [ $rc = 1 ] || fail "$*: exit status $rc"; [ "$(head -1 <<<"$err")" = "$want" ] || fail "$*: '$(head -1 <<<"$err")', want '$want'"
    [ ! -e $RES ] || fail "$*: a result file"; }
bad "error: -maxStepSize: must be positive, got '0'" -maxStepSize=0
bad "error: -maxStepSize: invalid number 'big'" -maxStepSize big
bad "error: -initialStepSize: must be positive, got '-1'" -initialStepSize=-1
bad "error: -alarm: must be 0 or positive, got '-1'" -alarm=-1
bad "error: -alarm: invalid number '1s'" -alarm=1s
bad "error: -mat_sync: must be a whole number of output points, got '1.5'" -mat_sync=1.5
bad "error: -mat_sync: must be 0 or positive, got '-2'" -mat_sync=-2
bad "error: -iim: unknown initialization method 'numeric' (known: symbolic, none)" -iim=numeric
bad "error: -lv: unknown log stream 'LOG_FOO' (known: LOG_STATS, LOG_INIT, LOG_EVENTS, LOG_NLS, LOG_SOLVER)" -lv=LOG_STATS,LOG_FOO
bad "error: -lv: unknown log stream 'LOG_STAT' (known: LOG_STATS, LOG_INIT, LOG_EVENTS, LOG_NLS, LOG_SOLVER)" -lv LOG_STAT
bad "error: -help: unknown flag 'nope'" -help=nope
bad "error: flag '-cpu' takes no value" -cpu=1
bad "error: flag '-w' takes no value" -w=yes
bad "error: flag '-steps' takes no value" -steps=1
bad "error: flag '-noRootFinding' takes no value" -noRootFinding=true
bad "error: flag '-stopTime' needs a value (-stopTime=T or -stopTime T)" -stopTime
bad "error: unknown flag '-cpuTime'" -cpuTime
bad "error: unknown flag 'stray'" stray
bad "error: cannot open result file 'nodir/SimFlags_res.csv': No such file or directory" -outputPath=nodir
echo ok
