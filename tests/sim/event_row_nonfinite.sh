#!/usr/bin/env bash
# The point after an event is checked for NaN and Inf (runtime/events.c after_step) before its rows are
# written: an event at the stop time whose values overflowed once ended "finished successfully" with
# 'inf' (or 'nan') in the last row, and one before the stop time was reported an output interval late.
# tests/models/EventRowNonFinite.mo: each run must stop with status 1 naming q at the event's time (1, 1,
# 0.55 by hand), with every row of the result finite and before that time.
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/event_row_nonfinite
rm -rf "$D"; mkdir -p "$D"
st=0
check() { # model, solver option, the event's time, Inf or NaN[, the time as the message may print it]
    local m=$1 s=$2 te=$3 what=$4 tre=${5:-$3} out
    if out=$(cd "$D" && ./$m $s -r=$m.csv 2>&1); then
        echo "FAIL: $m $s finished: $out"; st=1; return
    fi
    grep -Eq "error: at time $tre: q is $what" <<<"$out" || { echo "FAIL: $m $s said: $out"; st=1; }
    grep -qi "inf\|nan" <(tail -n +2 "$D/$m.csv") && { echo "FAIL: $m $s wrote a row with Inf or NaN: $(tail -1 "$D/$m.csv")"; st=1; }
    awk -F, -v te="$te" 'NR > 1 && $1 + 0 >= te + 0 { bad = 1 } END { exit bad }' "$D/$m.csv" ||
        { echo "FAIL: $m $s wrote a row at or after the event's time $te"; st=1; }
    [ "$(wc -l < "$D/$m.csv")" -ge 6 ] || { echo "FAIL: $m $s kept too few rows: $(wc -l < "$D/$m.csv")"; st=1; }
}
for m in InfAtLastEvent NaNAtLastEvent InfAtStateEvent; do
    "$MO2C" tests/models/EventRowNonFinite.mo EventRowNonFinite.$m -o "$D/$m" || exit 1
done
for s in "" -s=cvode; do
    check InfAtLastEvent "$s" 1 Inf
    check NaNAtLastEvent "$s" 1 NaN
    check InfAtStateEvent "$s" 0.55 Inf '(0\.5500000000[0-9]*|0\.5499999999[0-9]*)'   # (located to 1e-12)
done
# the event before the stop time: reported at its own time, not at the next output point
check InfAtLastEvent -stopTime=1.05 1 Inf
exit $st
