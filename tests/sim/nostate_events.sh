#!/usr/bin/env bash
# Events of a model without states between its output points (runtime/events.c, mo2c_rt_events_probe):
# tests/models/NoStateEvents.mo against closed forms. y = sin(20*pi*time) crosses 0.5 upward at
# 1/120 + k/10: n counts them (10 by t = 1), tl is the last one's time; w = (time - 0.55)^2 < 1e-6 first
# at 0.549. Before the probes the runtime looked at the output points only (every 0.1 s, where y is 0):
# n stayed 0 and tw -1 (one crossing was seen, at a point a time event had added).
source tests/ref/lib.sh
D=$OUT/nostate_events
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/NoStateEvents.mo -o "$D/NoStateEvents" || { echo "FAIL: mo2c"; exit 1; }
simulate "$D" NoStateEvents -r=res.csv || exit 1
python3 - "$D/res.csv" <<'PY' || exit 1
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1])))
cross = [1/120 + k/10 for k in range(10)]
bad = 0
for r in rows:
    t, n = float(r['time']), round(float(r['n']))
    # at an event's time both rows (before, after) are written: either count is right there
    ok = {sum(c < t - 1e-9 for c in cross), sum(c <= t + 1e-9 for c in cross)}
    if n not in ok:
        print(f"FAIL: n = {n} at t = {t}, closed form {sorted(ok)}"); bad = 1
    tl_want = max([c for c in cross if c <= t + 1e-9], default=-1)
    if n == sum(c <= t + 1e-9 for c in cross) and abs(float(r['tl']) - tl_want) > 1e-9:
        print(f"FAIL: tl = {r['tl']} at t = {t}, closed form {tl_want}"); bad = 1
last = rows[-1]
if round(float(last['n'])) != 10 or abs(float(last['tw']) - 0.549) > 1e-9:
    print(f"FAIL: at the end n = {last['n']} (10), tw = {last['tw']} (0.549)"); bad = 1
sys.exit(bad)
PY
