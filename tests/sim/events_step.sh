#!/usr/bin/env bash
# A time event (u = if time >= 0.5 ...), state events (a when-clause on y > 0.7, a relation in an
# if-expression and in a time-varying if-equation on y > 0.3), edge(), sample(0, 0.25) and noEvent() in
# one model (tests/models/EventsStep.mo) against the closed form (tests/ref/events_ref.c): every row, the
# pairs of rows at each event, none at the noEvent switch; no repeated time with -noEventEmit; Integer
# and Boolean variables in the MAT file as doubles.
source tests/ref/lib.sh
D=$OUT/events_step
rm -rf "$D"; mkdir -p "$D"
cc $REF_CFLAGS -o "$REFBIN/events_ref" tests/ref/events_ref.c -lm || exit 1
cc $REF_CFLAGS -o "$REFBIN/matread" tests/rt/matread.c || exit 1
"$MO2C" tests/models/EventsStep.mo -o "$D/step" || exit 1
status=0
simulate "$D" step -r=res.csv || exit 1
"$REFBIN/events_ref" step "$D/res.csv" || status=1
simulate "$D" step -noEventEmit -r=plain.csv || exit 1
"$REFBIN/events_ref" step "$D/plain.csv" --no-event-rows || status=1
[ "$(wc -l < "$D/plain.csv")" -eq 502 ] || { echo "FAIL: -noEventEmit: $(wc -l < "$D/plain.csv") lines, expected 502"; status=1; }
for s in msbdf cvode ida; do
    simulate "$D" step -s=$s -tolerance=1e-9 -r=bdf.csv || exit 1
    "$REFBIN/events_ref" step "$D/bdf.csv" || { echo "FAIL with -s=$s"; status=1; }
done
# MAT: the same 509 points (500 intervals + 1, and 4 event pairs off the grid; the pairs at 0.5 and 1 replace
# their grid points), doubles (type 0); the last point has high = count = edges = 1 and s = 5
simulate "$D" step -outputFormat=mat -r=res.mat || exit 1
mat=$("$REFBIN/matread" "$D/res.mat" 2>&1) || { echo "FAIL: matread: $mat"; status=1; }
grep -qx 'MATRIX data_2 0 11 509' <<<"$mat" || { echo "FAIL: data_2 is not 11 x 509 doubles"; grep MATRIX <<<"$mat"; status=1; }
grep -qE '^data_2 COL 509: 1 1 0\.917915[0-9]* [-0-9.e]+ [-0-9.e]+ 1 1 1 1 5 ' <<<"$mat" \
    || { echo "FAIL: last MAT point"; grep 'data_2 COL 509' <<<"$mat"; status=1; }
[ "$(wc -l < "$D/res.csv")" -eq 510 ] || { echo "FAIL: $(wc -l < "$D/res.csv") CSV lines, expected 510"; status=1; }
exit $status
