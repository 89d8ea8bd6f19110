#!/usr/bin/env bash
# An if-expression chosen by an iterator (tests/models/IfIterator.mo): a[i] = time + i - 1 (closed form),
# the other branch (a[0]) never flattened. With the MSL: StateGraph's FirstExample (whose steps write
# inPort[i - 1] in such a branch) alternates initialStep and step every second (waitTime = 1 each).
source tests/ref/lib.sh
: "${MSL:=../shared/msl/4.0.0}"
D=$OUT/if_iterator
rm -rf "$D"; mkdir -p "$D"
status=0
"$MO2C" tests/models/IfIterator.mo -o "$D/ii" || exit 1
(cd "$D" && ./ii -r=res.csv >/dev/null) || { echo "FAIL: the simulation"; exit 1; }
for i in 1 2 3; do closed_form "$D/res.csv" "a[$i]" "t + $i - 1" 1e-12 || status=1; done
if [ -d "$MSL/Modelica" ]; then
    "$MO2C" -L "$MSL" Modelica.StateGraph.Examples.FirstExample -o "$D/sg" || exit 1
    (cd "$D" && ./sg -r=sg.csv '-variableFilter=time|initialStep.active|step.active' >/dev/null) || { echo "FAIL: FirstExample"; exit 1; }
    got=$(awk -F, 'NR == 2 || (NR > 2 && ($2 != a || $3 != b)) { printf "%s:%s%s ", $1, $2, $3; a = $2; b = $3 }' "$D/sg.csv")
    want="0:10 1:01 2:10 3:01 4:10 5:01 "
    [ "${got:0:${#want}}" = "$want" ] || { echo "FAIL: FirstExample switched at [$got], expected [$want...]"; status=1; }
else
    echo "skipped: StateGraph (no MSL at $MSL)"
fi
exit $status
