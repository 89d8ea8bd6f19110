#!/usr/bin/env bash
# Vector when-conditions (tests/models/WhenVector.mo) against the event times of the closed forms:
# n = 10 (t > 0.1) + 10 (t > 0.2) + (t > ln 2) + (t > 2), m = (t > 0.3) + (t > ln 2); the asserts inside
# a time-varying if-equation pass, and fail when the count expected at the end (terminal()) is wrong.
# tests/models/WhenInitVector.mo: initial() as an element of a vector condition enables the clause at
# initialization, foo(initial()) does not (its asserts check the values the initial system found).
source tests/ref/lib.sh
D=$OUT/when_vector; rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/WhenVector.mo -o "$D/wv" || exit 1
simulate "$D" wv -noEventEmit -r=res.csv || exit 1
status=0
closed_form "$D/res.csv" n "10*(t > 0.1) + 10*(t > 0.2) + (t > log(2)) + (t > 2)" 0 || status=1
# (the output point t = 0.3 is also the time event of time > 0.3: -noEventEmit writes the values after the
# event there, and at its time event a relation of time takes its value just after it, so m counts it)
closed_form "$D/res.csv" m "(t >= 0.3) + (t > log(2))" 0 || status=1
log=$(cd "$D" && ./wv -override=expected=21 2>&1) && { echo "FAIL: the wrong count at the end passed"; status=1; }
grep -q "at time 3: assertion failed: n is not the expected count at the end" <<<"$log" ||
    { echo "FAIL: unexpected message: $log"; status=1; }
"$MO2C" tests/models/WhenInitVector.mo -o "$D/wiv" || exit 1
simulate "$D" wiv || status=1
exit $status
