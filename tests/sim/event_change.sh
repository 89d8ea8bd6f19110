#!/usr/bin/env bash
# change(), edge() and pre() of a variable that another when-clause assigns at the same event
# (tests/models/EventChange.mo), against closed forms on a grid that no event falls on (0.013,
# -noEventEmit). update() ran the when-clauses in one order and made pre equal to the new values before
# the next pass, so a when-clause before the one it depends on never saw the change: when change(m) with
# m = integer(10*time) never fired, pre(m) in a body read the new m (review finding 02).
#   ChangeInteger  c = c2 = int(10 t) (the events at 0.1, 0.2, ...); pm = 2 from t = 0.3 (-1 before)
#   ChangeFloor    cf = int(4 t) (0.25, 0.5, 0.75), cm = 1 after t = 0.5
#   LaterWhen      k + 1 at t = 0.1, 0.3, ... (n of them): c = n, e = the rising edges of b = int((n + 1) / 2),
#                  pk = 1 from t = 0.3 (when k == 2; -1 before)
source tests/ref/lib.sh
D=$OUT/event_change
rm -rf "$D"; mkdir -p "$D"
M=tests/models/EventChange.mo
status=0
run() { build_sim $M EventChange "$1" -stopTime=1 -stepSize=0.013 -noEventEmit; }
if run ChangeInteger; then
    closed_form "$D/ChangeInteger.csv" c "int(10 * t)" 0 || status=1
    closed_form "$D/ChangeInteger.csv" c2 "int(10 * t)" 0 || status=1
    closed_form "$D/ChangeInteger.csv" pm "(t > 0.3 ? 2 : -1)" 0 || status=1
else status=1; fi
if run ChangeFloor; then
    closed_form "$D/ChangeFloor.csv" cf "int(4 * t)" 0 || status=1
    closed_form "$D/ChangeFloor.csv" cm "(t > 0.5 ? 1 : 0)" 0 || status=1
else status=1; fi
if run LaterWhen; then
    n="(t > 0.1 ? int((t - 0.1) / 0.2) + 1 : 0)"
    closed_form "$D/LaterWhen.csv" c "$n" 0 || status=1
    closed_form "$D/LaterWhen.csv" e "int(($n + 1) / 2)" 0 || status=1
    closed_form "$D/LaterWhen.csv" pk "(t > 0.3 ? 1 : -1)" 0 || status=1
else status=1; fi
exit $status
