#!/usr/bin/env bash
# Guarded relations (codegen_events.c, rel_live; at an event's instant both rows are accepted) as the model reads them (both found by a review):
# - InAlgorithm: 'k == 1 and x > 0.5' read in an algorithm that sets k := 1 before and k := 0 after it;
#   the guard seen after the section (k = 0) turned the relation off and its event was missed (y = 0
#   throughout). Expected: y = 1 from t = 0.5, z = max(t - 0.5, 0).
# - OuterFirst: 'pre(n) <> 0 and (1/pre(n) > 0.1 and x > 0.5)': the guard chain was evaluated innermost
#   first, dividing by pre(n) = 0 at t = 0 ("division by zero ... guard of x > 0.5"). Expected: y = 0
#   until the event at t = 0.8 (pre(n) = 0), then 1.
# - RightOperand: 'x > 0.5 and 1/pre(n) > 0.1' with pre(n) = 0 until t = 0.3: the guard (the right operand,
#   which the model reads only while x > 0.5) was evaluated after the event at t = 0 and stopped the run
#   ("division by zero ... guard of x > 0.5"); a guard that fails keeps its relation watched. Expected: y = 1
#   from t = 0.5, z = max(t - 0.5, 0).
source tests/ref/lib.sh
D=$OUT/guarded_relations_order
rm -rf "$D"; mkdir -p "$D"
status=0
for m in InAlgorithm OuterFirst RightOperand; do
    "$MO2C" tests/models/GuardedRelationOrder.mo GuardedRelationOrder.$m -o "$D/$m" || exit 1
    simulate "$D" $m -r=$m.csv > /dev/null || { echo "FAIL: $m did not run"; status=1; continue; }
done
closed_form "$D/InAlgorithm.csv" z "(t < 0.5 ? 0 : t - 0.5)" 1e-6 || status=1
closed_form "$D/InAlgorithm.csv" y "(t < 0.5 - 1e-9 ? 0 : t > 0.5 + 1e-9 ? 1 : \$c)" 1e-9 || status=1
closed_form "$D/OuterFirst.csv" y "(t < 0.8 - 1e-9 ? 0 : t > 0.8 + 1e-9 ? 1 : \$c)" 1e-9 || status=1
closed_form "$D/RightOperand.csv" z "(t < 0.5 ? 0 : t - 0.5)" 1e-6 || status=1
closed_form "$D/RightOperand.csv" y "(t < 0.5 - 1e-9 ? 0 : t > 0.5 + 1e-9 ? 1 : \$c)" 1e-9 || status=1
exit $status
