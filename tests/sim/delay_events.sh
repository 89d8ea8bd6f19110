#!/usr/bin/env bash
# Event-triggering calls around delay() and around each other (tests/models/DelayEvents.mo), x = time:
# k = integer(delay(x, 0.3)) = 0 before 1.3, then floor(t - 0.3); f = floor(floor(2 t) / 3 + t). At an
# event time the result has two rows (before, after): each row must match the value on its own side,
# and every row off the event times the closed form.
source tests/ref/lib.sh
D=$OUT/delay_events
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/DelayEvents.mo -o "$D/de" || exit 1
(cd "$D" && ./de -r=res.csv >/dev/null) || { echo "FAIL: the simulation"; exit 1; }
awk -F, 'function fl(v) { return v >= 0 ? int(v + 1e-9) : -int(-v + 1e-9) - ((-v - int(-v + 1e-9)) > 1e-9) }
    NR == 1 { next }
    { t = $1; k = (t < 0.3 - 1e-9) ? 0 : fl(t - 0.3); f = fl(fl(2 * t) / 3 + t)
      # just before an event (same time on the next row) the left limits: the values of t - 1e-9
      kl = (t - 1e-9 < 0.3) ? 0 : int(t - 0.3 - 1e-9); fll = int(int(2 * t - 1e-9) / 3 + t - 1e-9)
      if (t == prev) { if ($3 != k || $4 != f) { print "t = " t " (after the event): k = " $3 ", f = " $4 ", expected " k ", " f; bad = 1 } }
      else if (!(($3 == k && $4 == f) || ($3 == kl && $4 == fll))) { print "t = " t ": k = " $3 ", f = " $4 ", expected " k ", " f; bad = 1 }
      prev = t; n++ }
    END { if (n < 200) { print "only " n " rows"; bad = 1 }; exit bad }' "$D/res.csv"
