#!/usr/bin/env bash
# Relations read only under a condition that changes at events are watched only while it holds
# (codegen_events.c, rel_live; runtime/events.c): tests/models/GuardedRelation.mo reads 'x > 0.05' and
# 'x < 0' (x = sin(10 t)/10) only where pre(mode) == 1, true from t = 0.35. Before 0.35 their crossings
# (t = 0.0524, 0.2618, 0.3142) make no event; from 0.35 on they do (0.6283, 0.6807, 0.8901, 0.9425), and
# 'x < 0', unwatched as it turned true at 0.3142, is true at once at 0.35. zb and zc integrate b and c:
# zb = (pi - 2 asin(0.5))/10 over [0.6807, 0.8901], zc = (0.2 pi - 0.35) + (1 - 0.3 pi) at t = 1.
# Four state events, with rkf45 and cvode (its root functions leave the unwatched ones out; its
# states are less accurate at tolerance 1e-6: the crossing of 'x > 0.05' near 0.8901 2.3e-5 s late).
source tests/ref/lib.sh
D=$OUT/guarded_relations
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/GuardedRelation.mo -o "$D/g" || exit 1
status=0
for s in rkf45 cvode; do
    tol=1e-6; [ $s = cvode ] && tol=1e-4
    simulate "$D" g -s=$s -r=res.csv -lv=LOG_STATS > /dev/null || exit 1
    closed_form "$D/res.csv" zb "(t < 0.68067840827779 ? 0 : t < 0.89011791851710 ? t - 0.68067840827779 : 0.20943951023932)" $tol ||
        { echo "FAIL with -s=$s"; status=1; }
    closed_form "$D/res.csv" zc "(t < 0.35 ? 0 : t < 0.62831853071796 ? t - 0.35 : t < 0.94247779607694 ? 0.27831853071796 : 0.27831853071796 + t - 0.94247779607694)" $tol ||
        { echo "FAIL with -s=$s"; status=1; }
    n=$(cd "$D" && ./g -s=$s -r=res2.csv -lv=LOG_STATS | sed -nE 's/.*events: [0-9]+ \(state events ([0-9]+),.*/\1/p')
    [ "$n" = 4 ] || { echo "FAIL (-s=$s): $n state events, not 4 (the unwatched crossings before t = 0.35 made events)"; status=1; }
done
exit $status
