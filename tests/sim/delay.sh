#!/usr/bin/env bash
# delay() with a history per call site (runtime/delay.c), tests/models/DelayOps.mo against closed forms:
# x' = -x(t - 1) with x = 1 up to t = 1, solved by steps (1 - t; -(2(t-1) - (t^2-1)/2); then the third
# piece); y = sin(t - 0.5) after 0.5, sin(0) before; z = t - 0.3; s = t - (0.2 + 0.1 sin t); v = the step at 0.5 delayed by 0.253
# and w its integral; two instances of one component with delays of their own. The tolerances are those
# of linear interpolation between accepted steps. A delay time above delayMax fails at run time.
source tests/ref/lib.sh
D=$OUT/delay; rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/DelayOps.mo -o "$D/delayops" 2>"$D/err" || { cat "$D/err"; exit 1; }
simulate "$D" delayops -noEventEmit -r=res.csv || exit 1
status=0
closed_form "$D/res.csv" x "t <= 1 ? 1 - t : t <= 2 ? -(2*(t-1) - (t*t-1)/2) : -0.5 + (t-2)^2 - ((t-1)^3/3 - t + 5/3)/2" 2e-5 || status=1
closed_form "$D/res.csv" y "t <= 0.5 ? 0 : sin(t - 0.5)" 2e-5 || status=1
closed_form "$D/res.csv" z "t <= 0.3 ? 0 : t - 0.3" 1e-9 || status=1
closed_form "$D/res.csv" s "t <= 0.2 + 0.1*sin(t) ? 0 : t - 0.2 - 0.1*sin(t)" 1e-9 || status=1
closed_form "$D/res.csv" v "t >= 0.753" 0 || status=1
closed_form "$D/res.csv" w "t <= 0.753 ? 0 : t - 0.753" 1e-4 || status=1
closed_form "$D/res.csv" l1.y "t <= 0.5 ? 0 : t - 0.5" 1e-9 || status=1
closed_form "$D/res.csv" l2.y "t <= 1.25 ? 0 : 2*(t - 1.25)" 1e-9 || status=1
log=$(cd "$D" && ./delayops -override=Tz=2 2>&1) && { echo "FAIL: a delay time above delayMax passed"; status=1; }
grep -q "delay: the delay time 2 is not between 0 and the maximum delay 1" <<<"$log" ||
    { echo "FAIL: unexpected message: $log"; status=1; }
exit $status
