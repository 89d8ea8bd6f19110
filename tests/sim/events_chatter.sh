#!/usr/bin/env bash
# Runs that would never end are stopped with a message naming the condition and the time (events.c,
# chattering): der(x) = if x > 0 then -1 else 1 reaches x = 0 at t = 1 and then flips every 2.5e-13 s,
# and sample(0, 1e-12) ticks every 1e-12 s; before, they wrote millions of rows and 2 GB. Each stops
# within the bounds of a generous timeout and ulimit, after 1000 events at the time the closed form gives
# (t = 1 + 2.5e-10; 1e-9), keeps the rows computed before (a whole last row) and exits with status 1. A
# fast but resolvable sample (every 1e-4 s over 1 s, ten thousand events) runs to the end, and so does a
# bouncing ball coming to rest (a Zeno sequence of events that shrink geometrically) in the compliance
# suite (library_compliance.sh, ModelicaCompliance.Equations.Reinit.Reinit).
set -u
D=$OUT/events_chatter
rm -rf "$D"; mkdir -p "$D"; cd "$D" || exit 1
status=0
fail() { echo "FAIL: $*"; status=1; }
cat > Chatter.mo <<'MO'
model Chatter
  Real x(start = 1, fixed = true);
equation
  der(x) = if x > 0 then -1 else 1;
end Chatter;
MO
sample_model() { # NAME INTERVAL: a counter of sample(0, INTERVAL)
    printf 'model %s\n  discrete Real n(start = 0, fixed = true);\nequation\n  when sample(0, %s) then\n    n = pre(n) + 1;\n  end when;\nend %s;\n' "$1" "$2" "$1" > "$1.mo"
}
sample_model Fast 1e-12
sample_model Busy 1e-4
for m in Chatter Fast Busy; do "$MO2C" $m.mo -o ./$m || fail "compile $m"; done

# run NAME ARGS...: within 60 s and 1 GB of file
run() { local m=$1; shift; err=$( (ulimit -f 1000000; timeout 60 ./$m "$@") 2>&1 >/dev/null); rc=$?; }

run Chatter -stopTime=2
[ $rc = 1 ] || fail "Chatter: exit status $rc"
t=$(sed -n "s/^error: at time \([0-9.e+-]*\): chattering: 1000 events within [0-9.e+-]* s (from time 1), the last one when 'x > 0' changed\$/\1/p" <<<"$err")
[ -n "$t" ] && awk -v t="$t" 'BEGIN { exit !(t >= 1 && t < 1 + 1e-8) }' || fail "Chatter: $err"
[ "$(tail -c1 Chatter_res.csv | od -An -c | tr -d ' ')" = '\n' ] || fail "Chatter: the last row is not whole"
[ "$(wc -l < Chatter_res.csv)" -lt 3000 ] || fail "Chatter: $(wc -l < Chatter_res.csv) rows"
# the rows before t = 1 follow x = 1 - t
awk -F, 'NR > 1 && $1 < 1 { e = $2 - (1 - $1); if (e < 0) e = -e; if (e > 1e-9) { print "row " NR ": " $0; exit 1 } }' Chatter_res.csv ||
    fail "Chatter: x before t = 1"

run Fast
[ $rc = 1 ] || fail "Fast: exit status $rc"
t=$(sed -n 's/^error: at time \([0-9.e+-]*\): chattering: 1000 events within [0-9.e+-]* s (from time 1e-12), the last one a time event of sample()$/\1/p' <<<"$err")
[ -n "$t" ] && awk -v t="$t" 'BEGIN { exit !(t >= 9.9e-10 && t <= 1.01e-9) }' || fail "Fast: $err"
[ "$(wc -l < Fast_res.csv)" -lt 3000 ] || fail "Fast: $(wc -l < Fast_res.csv) rows"

run Busy -noEventEmit
[ $rc = 0 ] || fail "Busy: exit status $rc: $err"
[ "$(tail -1 Busy_res.csv | cut -d, -f1,2)" = "1,10001" ] || fail "Busy: last row $(tail -1 Busy_res.csv)"
[ $status = 0 ] && echo ok
exit $status
