#!/usr/bin/env bash
# Long conditions in the guard scan of the event relations (codegen_events.c; review finding 04): its
# work grows linearly with their length, counted rather than timed (mo2c --stats prints the operator
# nodes guardable() was asked about: "mo2c: stats: count guardable-nodes N").
#   And N   b = pre(k[1]) == 1 and ... and pre(k[N]) == 1 and x > 0.5: the scan asked at every 'and'
#           whether its other operand, the whole chain below it, changes at events only, N^2/2 nodes
#           (N = 8000: 0.7 s of codegen CPU, 16000: 3.3 s; now 0.07 and 0.17 s). At N = 4000 and 16000
#           the count must grow less than 6 times (linear: 4, the quadratic: 16), and x > 0.5 is
#           watched only while the whole chain holds (rel_live reads all N terms).
#   If N    y = if pre(k) == 1 then (if x > 1.5 then 1 else 0) elseif pre(k) == 2 then ... (N branches):
#           the relation of branch i sits under i guards (the branches before not taken, its own
#           taken), which guard_note counted by walking them (N = 16000: 0.3 s, now 0.09 s); now each
#           guard carries its depth. Branches 1 to 8 (MO_CG_MAX_GUARD_DEPTH) are watched while their
#           guards hold (rel_live's on[0] to on[7], the last x > 8.5), the deeper ones always.
#   And200, If200   simulated: b = (t > 0.5) and y = (t > 1.5) up to t = 2 (k = 1 until x = 10).
set -u
source tests/ref/lib.sh
D=$OUT/long_guards
rm -rf "$D"; mkdir -p "$D"
status=0
fail() { echo "FAIL: $*"; status=1; }

python3 - "$D" <<'PY'
import sys
d = sys.argv[1]
for n in (200, 4000, 16000):
    with open('%s/And%d.mo' % (d, n), 'w') as f:
        f.write('model And%d\n  Integer k[%d](each start = 1, each fixed = true);\n'
                '  Real x(start = 0, fixed = true);\n  Boolean b;\nequation\n  der(x) = 1;\n'
                '  for i in 1:%d loop\n    when x > 10 then\n      k[i] = pre(k[i]) + 1;\n    end when;\n'
                '  end for;\n  b = %s and x > 0.5;\nend And%d;\n'
                % (n, n, n, ' and '.join('pre(k[%d]) == 1' % (i + 1) for i in range(n)), n))
for n in (200, 16000):
    with open('%s/If%d.mo' % (d, n), 'w') as f:
        branches = ' elseif '.join('pre(k) == %d then (if x > %d.5 then 1 else 0)' % (i + 1, i + 1)
                                   for i in range(n))
        f.write('model If%d\n  Integer k(start = 1, fixed = true);\n  Real x(start = 0, fixed = true);\n'
                '  Real y;\nequation\n  der(x) = 1;\n  when x > 10 then\n    k = pre(k) + 1;\n  end when;\n'
                '  y = if %s else 0;\nend If%d;\n' % (n, branches, n))
PY

# emit NAME: mo2c --stats --emit-c of NAME.mo; sets rc, err (its first 300 bytes) and count
emit() {
    (cd "$D" && exec "$MO2C" --stats --emit-c "$1.mo" -o "$1.c") 2>"$D/$1.err"; rc=$?
    err=$(grep -v '^mo2c: stats:' "$D/$1.err" | head -c 300)
    count=$(sed -n 's/^mo2c: stats: count guardable-nodes \([0-9]*\)$/\1/p' "$D/$1.err")
}
# the lines of rel_live() in NAME.c that set on[r]
live() { sed -n '/^static int rel_live/,/^}/p' "$D/$1.c" | grep '^    on\['; }

emit And4000
[ $rc = 0 ] || fail "And4000: exit status $rc: $err"
c4000=$count
emit And16000
[ $rc = 0 ] || fail "And16000: exit status $rc: $err"
c16000=$count
if awk -v a="$c4000" -v b="$c16000" 'BEGIN { exit !(a > 0 && b > 0 && b < 6 * a) }'; then
    echo "ok   And: $c4000 nodes judged at N = 4000, $c16000 at 16000"
else
    fail "And: $c4000 nodes judged at N = 4000, $c16000 at 16000 (expected under 6 times)"
fi
if [ $rc = 0 ]; then
    l=$(live And16000)
    [ "$(wc -l <<<"$l")" = 1 ] && [[ "$l" == *'/* x > 0.5 */' ]] &&
        [ "$(grep -o 'pre(k\[[0-9]*\])' <<<"$l" | sort -u | wc -l)" = 16000 ] ||
        fail "And16000: rel_live does not watch x > 0.5 under the whole chain: $(head -c 300 <<<"$l")"
fi

emit If16000
[ $rc = 0 ] || fail "If16000: exit status $rc: $err"
if [ $rc = 0 ]; then
    l=$(live If16000)
    [ "$(wc -l <<<"$l")" = 8 ] && [[ "$(tail -1 <<<"$l")" == '    on[7] = '*'/* x > 8.5 */' ]] &&
        [ "$(tail -1 <<<"$l" | grep -o '!(d->pre' | wc -l)" = 7 ] ||
        fail "If16000: rel_live should watch the relations of branches 1 to 8: $(head -c 300 <<<"$l")"
fi

# the closed forms: b = (t > 0.5), y = (t > 1.5) (the grid 0.007 never meets 0.5 or 1.5)
(cd "$D" && "$MO2C" And200.mo -o And200 && "$MO2C" If200.mo -o If200) || fail "building the simulators"
if [ $status = 0 ]; then
    simulate "$D" And200 -stopTime=2 -stepSize=0.007 -noEventEmit -r=and.csv -variableFilter=b || fail "And200 run"
    simulate "$D" If200 -stopTime=2 -stepSize=0.007 -noEventEmit -r=if.csv -variableFilter=y || fail "If200 run"
    closed_form "$D/and.csv" b '(t > 0.5 ? 1 : 0)' 0 || fail "And200"
    closed_form "$D/if.csv" y '(t > 1.5 ? 1 : 0)' 0 || fail "If200"
fi
[ $status = 0 ] && echo ok
exit $status
