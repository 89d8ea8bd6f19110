# The output grid and the experiment: defaults without an annotation (0..1, 500 intervals, 1e-6), the
# annotation's values as defaults (tests/rt/osc.c -DOSC_EXPERIMENT: 0..10, Interval 0.1, 1e-8), flags
# and -override keys over them (the last one given wins), times start + i*h with the last exactly stop.
. "$(dirname "$0")/../rt/common.sh"
OSC=$(rt_build osc_fd osc.c) || exit 1
EXP=$(rt_build osc_exp osc.c -DOSC_EXPERIMENT -DOSC_NAME='"OscExp"') || exit 1
rt_scratch "$0"

# no annotation: 501 points 0, 0.002, ..., 1
out=$("$OSC" -lv=LOG_STATS) || fail "default run"
grep -q "tolerance 1e-06, 500 output intervals" <<<"$out" || fail "defaults: $out"
[ "$(csv_times Osc_res.csv | wc -l)" = 501 ] || fail "default: $(csv_times Osc_res.csv | wc -l) points"
awk -F, 'NR > 1 { want = (NR - 2) * 0.002; if (NR == 502) want = 1
                  if ($1 != want) { print "row " NR ": time " $1 " want " want; bad = 1 } }
         END { exit bad }' Osc_res.csv || fail "default grid"
[ "$(csv_times Osc_res.csv | tail -1)" = 1 ] || fail "last time not exactly 1"

# -stepSize that does not divide the span: round(1/0.3) = 3 intervals, the last one ends at stop
"$OSC" -stepSize=0.3 >/dev/null || fail "stepSize run"
[ "$(csv_times Osc_res.csv | tr '\n' ' ')" = "0 0.3 0.6 1 " ] || fail "stepSize grid: $(csv_times Osc_res.csv | tr '\n' ' ')"
"$OSC" -stepSize=0.35 -stopTime=1 >/dev/null || fail "stepSize 0.35"
[ "$(csv_times Osc_res.csv | tr "\n" " ")" = "0 0.35 0.7 1 " ] || fail "stepSize 0.35 grid: $(csv_times Osc_res.csv | tr '\n' ' ')"
# numberOfIntervals inside -override, startTime as a flag
"$OSC" -override=numberOfIntervals=4 -startTime=0.5 -stopTime=1.5 >/dev/null || fail "numberOfIntervals"
[ "$(csv_times Osc_res.csv | tr '\n' ' ')" = "0.5 0.75 1 1.25 1.5 " ] || fail "intervals grid: $(csv_times Osc_res.csv | tr '\n' ' ')"
# the states start at startTime: x = cos(t - 0.5)
e=$(csv_maxerr Osc_res.csv x 'cos(t - 0.5)'); le "$e" 1e-5 || fail "start at 0.5: error $e"

# the annotation gives the defaults
out=$("$EXP" -lv=LOG_STATS) || fail "experiment run"
grep -q "tolerance 1e-08, 100 output intervals" <<<"$out" || fail "annotation defaults: $out"
[ -f OscExp_res.csv ] || fail "default result name OscExp_res.csv"
[ "$(csv_times OscExp_res.csv | wc -l)" = 101 ] || fail "annotation: points"
[ "$(csv_times OscExp_res.csv | tail -1)" = 10 ] || fail "annotation: last time"
e=$(csv_maxerr OscExp_res.csv x 'cos(t)'); le "$e" 1e-6 || fail "annotation run: error $e"
# flags override it; the Interval stays the annotation's
"$EXP" -stopTime=2 >/dev/null || fail "flag over annotation"
[ "$(csv_times OscExp_res.csv | wc -l)" = 21 ] || fail "stopTime=2 with Interval 0.1: $(csv_times OscExp_res.csv | wc -l) points"
# OpenModelica's older form inside -override, and the last setting wins
out=$("$EXP" -override=stopTime=3,stepSize=0.5,tolerance=1e-4 -lv=LOG_STATS) || fail "override experiment"
grep -q "tolerance 0.0001, 6 output intervals" <<<"$out" || fail "override experiment: $out"
[ "$(csv_times OscExp_res.csv | tr '\n' ' ')" = "0 0.5 1 1.5 2 2.5 3 " ] || fail "override grid"
"$EXP" -override=stopTime=3 -stopTime=1 -stepSize=0.25 >/dev/null || fail "last wins"
[ "$(csv_times OscExp_res.csv | tr '\n' ' ')" = "0 0.25 0.5 0.75 1 " ] || fail "last setting wins: $(csv_times OscExp_res.csv | tr '\n' ' ')"
# startTime = stopTime: one point
"$OSC" -stopTime=0 >/dev/null || fail "empty span"
[ "$(csv_times Osc_res.csv | tr '\n' ' ')" = "0 " ] || fail "empty span grid"
# stop before start is an error
err=$("$OSC" -startTime=2 -stopTime=1 2>&1 >/dev/null); rc=$?
[ $rc = 1 ] && [ "$err" = "error: stopTime 1 is before startTime 2" ] || fail "stop < start: rc $rc: $err"
echo ok
