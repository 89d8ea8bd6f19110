#!/usr/bin/env bash
# Event-triggering built-ins (tests/models/EventCalls.mo) against closed forms at the default
# tolerance: with an event at each jump the integrals are exact to rounding (without events they
# were off by 1e-4). With n the number of jumps so far:
#   x = int floor(3s) ds    = n(n-1)/6 + n(t - n/3),          n = int(3t)
#   y = int mod(s, 0.3) ds  = 0.045 n + (t - 0.3n)^2 / 2,      n = int(t/0.3)
#   z = int div(7s - 3.5, 2) ds = -min(t, 3/14) + max(0, t - 11/14)   (3.5s - 1.75 truncated)
#   w = int rem(5s, 1.5) ds = 2.5t^2 - 1.5 (0.3 n(n-1)/2 + n(t - 0.3n)), n = int(t/0.3)
#   u = int ceil(2s - 0.5) ds = max(0, t - 0.25) + max(0, t - 0.75)
#   v = int integer(4s) ds  = n(n-1)/8 + n(t - n/4),           n = int(4t)
# EventCallsGuarded: calls in branches of if-expressions, each dividing by zero outside its branch (the
# run stopped at t = 0 with "division by zero", the call's variable computed everywhere): k = int(1/t) from
# t = 0.1 and n = 10 - k its changes; m = ceil(0.1/(t - 0.15)) on [0.2, 0.9] (an elseif's and an else's
# branch); r = mod(1, t) from t = 0.3 (on the grid, which meets no event: -noEventEmit).
source tests/ref/lib.sh
D=$OUT/event_calls; rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/EventCalls.mo -o "$D/ev" || exit 1
simulate "$D" ev -r=res.csv || exit 1
status=0
closed_form "$D/res.csv" x "(n = int(3*t + 1e-12)) * (n - 1) / 6 + n * (t - n/3)" 1e-9 || status=1
closed_form "$D/res.csv" y "0.045 * (n = int(t/0.3 + 1e-12)) + (t - 0.3*n)^2 / 2" 1e-9 || status=1
closed_form "$D/res.csv" z "-(t < 3/14 ? t : 3/14) + (t > 11/14 ? t - 11/14 : 0)" 1e-9 || status=1
closed_form "$D/res.csv" w "2.5*t*t - 1.5 * (0.15 * (n = int(t/0.3 + 1e-12)) * (n - 1) + n * (t - 0.3*n))" 1e-9 || status=1
closed_form "$D/res.csv" u "(t > 0.25 ? t - 0.25 : 0) + (t > 0.75 ? t - 0.75 : 0)" 1e-9 || status=1
closed_form "$D/res.csv" v "(n = int(4*t + 1e-12)) * (n - 1) / 8 + n * (t - n/4)" 1e-9 || status=1
"$MO2C" tests/models/EventCallsGuarded.mo -o "$D/g" || exit 1
if simulate "$D" g -r=g.csv -noEventEmit; then
    closed_form "$D/g.csv" k "(t < 0.1 ? 0 : int(1/t))" 0 || status=1
    closed_form "$D/g.csv" n "(t < 0.1 ? 0 : 10 - int(1/t))" 0 || status=1
    closed_form "$D/g.csv" m "(t < 0.2 ? 0 : t < 0.25 ? 2 : t < 0.9 ? 1 : -1)" 0 || status=1
    closed_form "$D/g.csv" r "(t < 0.3 ? 0 : 1 - int(1/t) * t)" 1e-9 || status=1
else status=1; fi
exit $status
