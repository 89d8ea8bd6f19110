#!/usr/bin/env bash
# tests/models/TimeRelations.mo against its closed forms: a relation of time takes, at its time event, the
# value it has just after it (time > 0.25 switched only at the next time event, 0.3, before), with GSL's
# rkf45 and with CVODE.
source tests/ref/lib.sh
D=$OUT/time_relations
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/TimeRelations.mo -o "$D/TimeRelations" || { echo "mo2c failed"; exit 1; }
status=0
for s in rkf45 cvode ida; do
    simulate "$D" TimeRelations -s=$s -override stepSize=0.1,stopTime=0.6 -outputFormat=csv -r=$s.csv || exit 1
    closed_form "$D/$s.csv" x "(t <= 0.25 ? 10 * t : 2.5 + 2 * (t - 0.25))" 1e-6 || status=1
    closed_form "$D/$s.csv" z "(t <= 0.15 ? t : t <= 0.35 ? 0.15 : 0.15 + (t - 0.35))" 1e-6 || status=1
done
exit $status
