#!/usr/bin/env bash
# tests/models/AssertFunctionFail.mo: a function whose own assert fails while the condition of a model's
# assert (an equation's, an algorithm's) is evaluated. Until t = 2/3 (k = 1, 2) every assert holds; at
# t = 2/3 (k = 3) the run stops with exit 1 and the function's message ("assertion failed in function
# ...: i > 2 in f"), not the model's assert's, whose condition was never decided (it was the message
# shown before: the right stop for the wrong reason).
D=$OUT/assert_function_fail
rm -rf "$D"; mkdir -p "$D"
status=0
for m in Number:f Text:g InAlgorithm:f; do
    "$MO2C" tests/models/AssertFunctionFail.mo "AssertFunctionFail.${m%%:*}" -o "$D/${m%%:*}" ||
        { echo "${m%%:*}: mo2c failed"; status=1; continue; }
    log=$(cd "$D" && "./${m%%:*}" -stopTime=1 -r=res.csv 2>&1); rc=$?
    want="error: at time 0.6666666666666666: assertion failed in function AssertFunctionFail.${m#*:}: i > 2 in ${m#*:}"
    if [ $rc -ne 1 ] || [[ "$log" != *"$want"* ]] || [[ "$log" == *"the model's assert"* ]]; then
        echo "${m%%:*}: exit $rc, expected 1 and: $want"; echo "$log" | tail -3; status=1
    fi
done
exit $status
