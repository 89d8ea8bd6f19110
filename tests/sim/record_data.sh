#!/usr/bin/env bash
# tests/models/RecordData.mo: record constants given by modifiers, fields of a vector of them chosen at
# run time (a String field too), whole records given to functions, array(...), and a function's record
# variable whose fields get values from a modified extends clause. Values by hand from the constants:
# i = 1 before t = 0.5, 2 after; mm = MM[i] (+ 1000 when the name picked is "N2"); w1 = 0.018 * 2 +
# a[i, 1] + 6; w2 = 0.028 * 4 + 1 + 6; p = 0.5 + 0.25 t + 0.125 t^2; n2 = 0.028; a21 = 3; s = 9.
source tests/ref/lib.sh
D=$OUT/record_data
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/RecordData.mo RecordData.Test -o "$D/Test" || { echo "mo2c failed"; exit 1; }
simulate "$D" Test -outputFormat=csv -r=res.csv || exit 1
status=0
closed_form "$D/res.csv" p "0.5 + 0.25 * t + 0.125 * t * t" 1e-12 || status=1
closed_form "$D/res.csv" w2 "7.112" 1e-12 || status=1
closed_form "$D/res.csv" n2 "0.028" 0 || status=1
closed_form "$D/res.csv" a21 "3" 0 || status=1
closed_form "$D/res.csv" s "9" 0 || status=1
# (at t = 0.5 the rows before and after the event: left out)
closed_form "$D/res.csv" mm '(t < 0.5 ? 0.018 : t > 0.5 ? 1000.028 : $c)' 1e-9 || status=1
closed_form "$D/res.csv" w1 '(t < 0.5 ? 7.036 : t > 0.5 ? 9.036 : $c)' 1e-12 || status=1
exit $status
