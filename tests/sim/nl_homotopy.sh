#!/usr/bin/env bash
# homotopy() at the start (runtime/algebra.c follow_homotopy; spec 3.7.4.4): tests/models/NlHomotopy.mo,
# a loop undefined at its start value, solved by following it from its simplified form, against the
# closed form. Before: the actual expression alone, "sqrt of negative number -10" at time 0.
source tests/ref/lib.sh
D=$OUT/nl_homotopy
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/NlHomotopy.mo -o "$D/NlHomotopy" || { echo "FAIL: mo2c"; exit 1; }
simulate "$D" NlHomotopy -r=res.csv || exit 1
closed_form "$D/res.csv" z '10 + ((sqrt(13) - 1) / 2)^2' 1e-9 || exit 1
# the log says how the loop was solved at the start
log=$(cd "$D" && ./NlHomotopy -lv=LOG_NLS 2>&1)
grep -q "at time 0: nonlinear system of 1 unknowns in .*followed from its simplified form (homotopy)" <<<"$log" ||
    { echo "FAIL: no homotopy in the log"; echo "$log" | head -5; exit 1; }
exit 0
