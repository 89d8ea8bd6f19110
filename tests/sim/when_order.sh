#!/usr/bin/env bash
# The equations of a when-clause in their order of dependence (tests/models/WhenOrder.mo, closed forms):
# before t = 0.5: y = z = w = 0, x = e^-t; after: z = 2, y = 3, w = 5, x = 2 e^-(t - 0.5).
source tests/ref/lib.sh
D=$OUT/when_order; rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/WhenOrder.mo -o "$D/wo" || exit 1
simulate "$D" wo -r=res.csv -tolerance=1e-9 || exit 1
status=0
# the event's two rows at t = 0.5 (before and after) are left out: the closed forms hold on either side
grep -v '^0.5,' "$D/res.csv" > "$D/sides.csv"
[ "$(grep -c '^0.5,' "$D/res.csv")" = 2 ] || { echo "FAIL: not two rows at the event"; status=1; }
closed_form "$D/sides.csv" y "t < 0.5 ? 0 : 3" 1e-12 || status=1
closed_form "$D/sides.csv" z "t < 0.5 ? 0 : 2" 1e-12 || status=1
closed_form "$D/sides.csv" w "t < 0.5 ? 0 : 5" 1e-12 || status=1
closed_form "$D/sides.csv" x "t < 0.5 ? exp(-t) : 2*exp(-(t - 0.5))" 1e-6 || status=1
exit $status
