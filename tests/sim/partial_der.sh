#!/usr/bin/env bash
# Partial derivatives of functions (spec 12.7.2, funcdiff.c's mo_func_partials): tests/models/PartialDer.mo's
# der(g, T) and der(g, T, p) of g(p, T) = p^2*T + p*sin(T), and h = g - T*der(g, T) computed in a function,
# against their closed forms (differentiated by hand) at every output point.
D=$OUT/partial_der; rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/PartialDer.mo -o "$D/pd" || exit 1
(cd "$D" && ./pd -r=pd.csv > /dev/null) || { echo "FAIL: the simulation failed"; exit 1; }
python3 - "$D/pd.csv" <<'PY'
import csv, math, sys
bad = 0
rows = list(csv.DictReader(open(sys.argv[1])))
for r in rows:
    t = float(r['time']); p = 1 + t; T = 2 - t
    want = {'dT': p * p + p * math.cos(T), 'dTp': 2 * p + math.cos(T),
            'hh': p * p * T + p * math.sin(T) - T * (p * p + p * math.cos(T))}
    for k, v in want.items():
        if abs(float(r[k]) - v) > 1e-9 * max(1, abs(v)):
            print(f"FAIL: t={t}: {k} = {r[k]}, by hand {v}"); bad += 1
if len(rows) < 10:
    print("FAIL: too few rows"); bad += 1
sys.exit(1 if bad else 0)
PY
