#!/usr/bin/env bash
# Inputs that used to take quadratic time or memory are linear now, or a clear error at a bound: each is
# generated here and run under a generous timeout (and, without the sanitizers, a 2 GB address-space
# limit): a failure means a return of the quadratic, not a slow machine (bench/bounded_bench.sh measures).
#   within a.a...a; and import a.a...a; of 10^5 parts     (were 24 GB: each part copied the name so far)
#   an extends chain of 10^4 classes with a variable each  (was 13 s and 6.5 GB: a layout per level, and
#                                                            each level's look-up of Real walked the chain)
#   parameter Real a[5000,5000] = fill(1, 5000, 5000)       (was 23 s and 6.3 GB: now the bound of
#                                                            2^22 elements per array, an error at once)
#   a dimension p999 + 1 with p_i = p_(i-1) + p_(i-1)       (was 2^999 evaluations: 40 levels took more
#                                                            than 30 s; now each binding once)
#   a dimension bound through 4000 parameters p_i = p_(i-1) + 1 (was an error past 200: "must be a
#                                                            parameter expression"), and through 6000: a
#                                                            "not supported yet" naming the bound
set -u
D=$OUT/front_bounded
rm -rf "$D"; mkdir -p "$D"
status=0
fail() { echo "FAIL: $*"; status=1; }
limit=""
[ -n "$(cat "$BUILD/sanitize.flags" 2>/dev/null)" ] || limit="ulimit -v 2000000;"   # ASan reserves terabytes
# run FILE ARGS...: mo2c --flat within bounds; sets rc, err (stderr, first 300 bytes)
run() { bash -c "$limit timeout 120 \"\$@\"" _ "$MO2C" --flat "$@" >"$D/out.flat" 2>"$D/err.txt"; rc=$?; err=$(head -c 300 "$D/err.txt"); }

python3 - "$D" <<'PY'
import sys
d = sys.argv[1]
n = 100000
open(d + '/Within.mo', 'w').write('within ' + '.'.join(['a'] * n) + ';\nmodel Within\n  Real x = 1;\nend Within;\n')
open(d + '/Import.mo', 'w').write('model Import\n  import ' + '.'.join(['a'] * n) + ';\n  Real x = 1;\nend Import;\n')
m = 10000
with open(d + '/Chain.mo', 'w') as f:
    f.write('package Chain\n  model C0\n    Real x0 = 0;\n  end C0;\n')
    for i in range(1, m):
        f.write('  model C%d\n    extends C%d;\n    Real x%d = x%d + 1;\n  end C%d;\n' % (i, i - 1, i, i - 1, i))
    f.write('  model M\n    extends C%d;\n  end M;\nend Chain;\n' % (m - 1))
for name, k, double in (('Double', 1000, True), ('Deep', 4000, False), ('Deeper', 6000, False)):
    with open(d + '/' + name + '.mo', 'w') as f:
        f.write('model %s\n  parameter Integer p0 = %d;\n' % (name, 0 if double else 1))
        for i in range(1, k):
            rhs = 'p%d + p%d' % (i - 1, i - 1) if double else 'p%d + 1' % (i - 1)
            f.write('  parameter Integer p%d = %s;\n' % (i, rhs))
        f.write('  Real x[p%d + 1] = fill(time, p%d + 1);\nend %s;\n' % (k - 1, k - 1, name))
open(d + '/Fill.mo', 'w').write('model Fill\n  parameter Real a[5000, 5000] = fill(1, 5000, 5000);\nend Fill;\n')
PY

run "$D/Within.mo"
[ $rc = 1 ] || fail "within: exit status $rc"
grep -q "^$D/Within.mo:1:8: error: unknown package 'a.a.a" <<<"$err" || fail "within: $err"
run "$D/Import.mo"
[ $rc = 0 ] || fail "import: exit status $rc: $err"
grep -q '^  x = 1; ' "$D/out.flat" || fail "import: the listing"
run "$D/Chain.mo" Chain.M
[ $rc = 0 ] || fail "extends chain: exit status $rc: $err"
[ "$(grep -c '^  Real x[0-9]*;' "$D/out.flat")" = 10000 ] || fail "extends chain: $(grep -c '^  Real x' "$D/out.flat") variables"
grep -q '^  x9999 = x9998 + 1; // .*Chain.mo:39999:18 binding$' "$D/out.flat" || fail "extends chain: x9999"
run "$D/Fill.mo"
[ $rc = 1 ] || fail "fill: exit status $rc"
grep -qF "$D/Fill.mo:2:26: error: array with more than 4194304 elements (arrays are scalarised at compile time)" <<<"$err" ||
    fail "fill: $err"
run "$D/Double.mo"
[ $rc = 0 ] || fail "doubling bindings: exit status $rc: $err"
grep -q '^  Real x\[1\];$' "$D/out.flat" || fail "doubling bindings: the listing"
run "$D/Deep.mo"
[ $rc = 0 ] || fail "4000 bindings: exit status $rc: $err"
grep -q '^  Real x\[4001\];$' "$D/out.flat" || fail "4000 bindings: the listing"
run "$D/Deeper.mo"
[ $rc = 1 ] || fail "6000 bindings: exit status $rc"
grep -qF "$D/Deeper.mo:6002:10: error: not supported yet: an array dimension whose value goes through more than 5000 parameter bindings" <<<"$err" ||
    fail "6000 bindings: $err"
[ $status = 0 ] && echo ok
exit $status
