#!/usr/bin/env bash
# tests/models/StringAlgorithms.mo against closed forms at every output point: Range (String variables
# assigned in an algorithm with values known when compiled; its assert holds, y = 2 t); EnumName
# (String(e) == "two" of e = two after t = 0.5: y = [t > 0.5], z = 10 + 10 [t <= 0.5], never = 0,
# always = 1; the grid 0.007 never meets t = 0.5); FnIntCompare (k = the odd numbers up to floor(10 t): its
# function compares an Integer local with ==; the grid 0.013 meets no multiple of 0.1 before t = 1.3).
source tests/ref/lib.sh
D=$OUT/string_algorithms
rm -rf "$D"; mkdir -p "$D"
M=tests/models/StringAlgorithms.mo
status=0
"$MO2C" $M StringAlgorithms.Range -o "$D/Range" || { echo "mo2c failed on Range"; exit 1; }
simulate "$D" Range -stopTime=1 -stepSize=0.007 -r=range.csv || exit 1
closed_form "$D/range.csv" y "2 * t" 1e-12 || status=1
"$MO2C" $M StringAlgorithms.EnumName -o "$D/EnumName" || { echo "mo2c failed on EnumName"; exit 1; }
simulate "$D" EnumName -stopTime=1 -stepSize=0.007 -noEventEmit -r=enum.csv || exit 1
closed_form "$D/enum.csv" y "(t > 0.5 ? 1 : 0)" 0 || status=1
closed_form "$D/enum.csv" z "(t > 0.5 ? 10 : 20)" 0 || status=1
closed_form "$D/enum.csv" never 0 0 || status=1
closed_form "$D/enum.csv" always 1 0 || status=1
"$MO2C" $M StringAlgorithms.FnIntCompare -o "$D/FnIntCompare" || { echo "mo2c failed on FnIntCompare"; exit 1; }
simulate "$D" FnIntCompare -stopTime=1 -stepSize=0.013 -noEventEmit -r=fn.csv || exit 1
closed_form "$D/fn.csv" k "int((int(10 * t) + 1) / 2)" 0 || status=1
exit $status
