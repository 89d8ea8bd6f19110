#!/usr/bin/env bash
# Two events closer than the accuracy of a located event's time are one instant in the result
# (runtime/events.c): tests/models/EventJoin.mo leaves 'v < 0' exactly on its threshold at the event of
# 'x > 0.5' (v = 0.0 until then), and the integration crosses it at once: a second event found within
# 1e-12 s. The point between the two (go true, mode still 0: a state that lasts less than the error of
# the events' times) is not written; the row before the first event (go false) and the row after the
# second (go true, mode -1) are, 1e-12 s apart at most. v against its closed form (0 until t = 0.5,
# then 0.5 - t). ModelicaTest.Rotational.AllComponents' clutch breaks loose so (MAP-LIB).
source tests/ref/lib.sh
D=$OUT/events_join
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/EventJoin.mo -o "$D/join" || exit 1
status=0
for s in rkf45 msbdf; do
    simulate "$D" join -s=$s -r=res.csv || exit 1
    closed_form "$D/res.csv" v "(t < 0.5 ? 0 : 0.5 - t)" 1e-9 || { echo "FAIL with -s=$s"; status=1; }
    # columns: time, x, v, go, mode, ...
    awk -F, -v s=$s 'NR > 1 && $4 == 1 && $5 == 0 { printf "FAIL (-s=%s): the point between the events written at t=%s\n", s, $1; bad = 1 }
        NR > 1 && $4 == 0 && $1 > 0.5 { before = NR; tb = $1 }
        NR > 1 && before && NR == before + 1 { pair = ($4 == 1 && $5 == -1 && $1 - tb <= 1e-12) }
        END { if (!before || !pair) { printf "FAIL (-s=%s): no row before and after the events at t = 0.5\n", s; bad = 1 }
              exit bad }' "$D/res.csv" || status=1
done
exit $status
