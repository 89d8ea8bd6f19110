#!/usr/bin/env bash
# Array constructors with iterators whose elements are arrays, inside functions
# (tests/models/FunctionComprehension.mo; before, mo2c stopped on an internal error, e.g. on the MSL's
# Machines.Examples.SynchronousMachines.SMEE_DOL through SpacePhasors.Functions.ToSpacePhasor):
# 1. the values against their closed forms (rot: cos/sin of k*t; grid: the last iterator's range first;
#    rows: an empty range gives [0, 2], three rows sum to 15; powers: sum reductions of vectors, Real
#    and Integer, in the model's equations and in the size of an array, evaluated by mo2c);
# 2. elements of different sizes are a run-time error naming the statement;
# 3. both simulators built with the address and undefined-behaviour sanitizers run without a report
#    (every mark of the function stack released, also on the error).
source tests/ref/lib.sh
D=$OUT/function_comprehension
rm -rf "$D"; mkdir -p "$D"
status=0
M=tests/models/FunctionComprehension.mo
"$MO2C" $M FunctionComprehension.Main -o "$D/Main" || { echo "mo2c failed"; exit 1; }
simulate "$D" Main -stopTime=1 -stepSize=0.1 -r=res.csv || exit 1
# (names hold commas, T[1,2]: read with Python's csv module)
python3 - "$D/res.csv" <<'PY' || status=1
import csv, math, sys
rows = list(csv.reader(open(sys.argv[1])))
head, worst = rows[0], []
want = {}
for k in (1, 2, 3):
    want["T[%d,1]" % k] = lambda t, k=k: math.cos(k * t)
    want["T[%d,2]" % k] = lambda t, k=k: -math.sin(k * t)
    for i in (1, 2):
        want["G[%d,%d,1]" % (k, i)] = lambda t, i=i: i * t
        want["G[%d,%d,2]" % (k, i)] = lambda t, k=k: k
want["s0"] = lambda t: 0
want["s3"] = lambda t: 15
want["p[1]"] = lambda t: 2 * t + 3 * t * t
want["p[2]"] = lambda t: 16
want["m[1]"] = lambda t: 6
want["m[2]"] = lambda t: 12
want["nz"] = lambda t: 5
bad = 0
for name, f in want.items():
    if name not in head:
        print("FAIL: no column", name); bad = 1; continue
    c = head.index(name)
    for r in rows[1:]:
        t, v = float(r[0]), float(r[c])
        if abs(v - f(t)) > 1e-12:
            print("FAIL: %s at t=%g is %.17g, closed form %.17g" % (name, t, v, f(t))); bad = 1; break
print("%d columns checked against their closed forms at %d points" % (len(want), len(rows) - 1))
sys.exit(bad)
PY

"$MO2C" $M FunctionComprehension.Ragged -o "$D/Ragged" || exit 1
want="error: at time 0: 'the elements of an array constructor' has size [2], not the declared [1], in $M:34: s := sum({ones(k) for k in 1:n}) (function FunctionComprehension.ragged)"
log=$(cd "$D" && ./Ragged 2>&1); rc=$?
if [ $rc -ne 1 ] || ! grep -qF -- "$want" <<<"$log"; then echo "Ragged: exit $rc, expected 1 and: $want"; echo "$log" | head; status=1; fi
simulate "$D" Ragged -override=n=1 -r=r1.csv || status=1

for m in Main Ragged; do
    "$MO2C" $M FunctionComprehension.$m --emit-c -o "$D/$m.c" || exit 1
    cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/$m.o" "$D/$m.c" || status=1
    asan_sim "$D" $m || exit 1
    log=$(cd "$D" && ./${m}_asan -stopTime=1 -r=asan.csv 2>&1)
    if grep -q Sanitizer <<<"$log"; then echo "$m under the sanitizers:"; echo "$log" | head -30; status=1; fi
done
exit $status
