#!/usr/bin/env bash
# The synchronous language (spec chapter 16, analysis/clocks.c): tests/models/Clocked.mo's periodic clock
# (sample, previous, hold into a continuous state), rational clock with sub-clocks (subSample,
# superSample, shiftSample, backSample, interval, firstTick), clocks passed through connectors, and an
# event clock, clocked when-clauses (with Clock() per instance), an inferred factor, partitions
# discretized by ExplicitEuler and ImplicitEuler, sample(u) reading the left limit of a u that changes at
# the tick (and of derivatives), systems of equations at a tick (ImplicitEuler on a nonlinear der(x) =
# f(x), coupled equations, on a sub-clock), against the closed forms of their difference equations (tests/ref/clocked_ref.py)
# at every output point between ticks; a partition no clock reaches on the default clock; and the flat
# model keeps the operators as written.
set -u
D=$OUT/clocked
rm -rf "$D"; mkdir -p "$D"
status=0
for m in Periodic SubClocks ClockConnectors EventClock ClockedWhen WhenInferred InferredFactor Discretized LeftLimit \
         TickSystem TickSubSystem; do
    "$MO2C" tests/models/Clocked.mo "Clocked.$m" -o "$D/$m" || { echo "FAIL: mo2c $m"; status=1; continue; }
    log=$(cd "$D" && "./$m" -stepSize=0.01 -tolerance=1e-10 -r="$m.csv" 2>&1) ||
        { echo "FAIL: $m: $log"; status=1; continue; }
    python3 tests/ref/clocked_ref.py "$m" "$D/$m.csv" || status=1
done
# -startTime moves the first tick with it: ticks at 0.33, 0.43, 0.53 (n counts them, ts holds the last)
"$MO2C" tests/models/Clocked.mo Clocked.StartTick -o "$D/StartTick" || exit 1
(cd "$D" && ./StartTick -startTime=0.33 -stopTime=0.6 -stepSize=0.01 -r=StartTick.csv > /dev/null) || exit 1
python3 - "$D/StartTick.csv" <<'PY' || status=1
import csv, math, sys
bad = 0
for r in csv.DictReader(open(sys.argv[1])):
    t = float(r['time']); k = (t - 0.33) / 0.1
    if abs(k - round(k)) < 1e-6:
        continue   # at a tick
    K = math.floor(k)
    if int(float(r['n'])) != K + 1 or abs(float(r['ts']) - (0.33 + 0.1 * K)) > 1e-9:
        print(f"FAIL: StartTick t={t}: n = {r['n']}, ts = {r['ts']}; expected {K + 1}, {0.33 + 0.1 * K}"); bad += 1
sys.exit(1 if bad else 0)
PY
# no clock constructor reaches DefaultClock's partition: the default clock ticks at 0, 1, 2, 3 (16.3.1), so
# between ticks j and j + 1: k = j + 1, y = j * (j + 1); mo2c says which clock it chose
warn=$("$MO2C" tests/models/Clocked.mo Clocked.DefaultClock -o "$D/DefaultClock" 2>&1) || { echo "FAIL: $warn"; exit 1; }
grep -qF "tests/models/Clocked.mo:$(grep -n 'k = previous(k) + 1;' tests/models/Clocked.mo | tail -1 | cut -d: -f1):5: warning: no clock constructor reaches the clocked partition of this equation: it runs on the default clock, Clock(1.0) (spec 16.3.1)" <<<"$warn" ||
    { echo "FAIL: DefaultClock's warning was: $warn"; status=1; }
(cd "$D" && ./DefaultClock -stepSize=0.05 -r=DefaultClock.csv > /dev/null) || exit 1
python3 - "$D/DefaultClock.csv" <<'PY' || status=1
import csv, math, sys
bad = 0
for r in csv.DictReader(open(sys.argv[1])):
    t = float(r['time'])
    if abs(t - round(t)) < 1e-6:
        continue   # at a tick
    j = math.floor(t)
    if int(float(r['k'])) != j + 1 or abs(float(r['y']) - j * (j + 1)) > 1e-9:
        print(f"FAIL: DefaultClock t={t}: k = {r['k']}, y = {r['y']}; expected {j + 1}, {j * (j + 1)}"); bad += 1
sys.exit(1 if bad else 0)
PY
"$MO2C" --flat tests/models/Clocked.mo Clocked.SubClocks > "$D/sub.flat" || exit 1
for line in '  Clock c "0.1 s";' '  yb = backSample(ysh, 1, 2); // tests/models/Clocked.mo:36:5' \
            '  c = Clock(1, 10); // tests/models/Clocked.mo:19:15 binding'; do
    grep -qxF "$line" "$D/sub.flat" || { echo "FAIL: --flat lacks: $line"; status=1; }
done
exit $status
