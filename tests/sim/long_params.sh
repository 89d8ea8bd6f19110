#!/usr/bin/env bash
# Memory linear in the number of folded parameters and structural if-expressions (review6 finding 03):
# each final parameter folded into the equations (fold.c) and each if-expression with der() whose
# condition is a parameter (dae.c structural_if) allocated a workspace of one byte per variable of the
# model, kept to the end: N * vars bytes. Judged by the arena that mo2c --stats reports after codegen at
# N = 8000 and 16000, which must grow less than 2.5 times (linear: 2; before: Fold 183 -> 602 MB of peak,
# Sif 372 -> 1353 MB).
#   Fold N   final parameter Real p[N] = {i for i in 1:N}, der(x[i]) = -p[i]*x[i]
#   Sif N    y[i] = if use then der(x[i]) else 0, parameter Boolean use = true
set -u
source tests/ref/lib.sh
D=$OUT/long_params
rm -rf "$D"; mkdir -p "$D"
status=0
fail() { echo "FAIL: $*"; status=1; }
python3 - "$D" <<'PY'
import sys
d = sys.argv[1]
for n in (8000, 16000):
    with open('%s/Fold%d.mo' % (d, n), 'w') as f:
        f.write('model Fold%d\n  final parameter Real p[%d] = {i for i in 1:%d};\n'
                '  Real x[%d](each start = 1, each fixed = true);\nequation\n  for i in 1:%d loop\n'
                '    der(x[i]) = -p[i]*x[i];\n  end for;\nend Fold%d;\n' % (n, n, n, n, n, n))
    with open('%s/Sif%d.mo' % (d, n), 'w') as f:
        f.write('model Sif%d\n  parameter Boolean use = true;\n  Real x[%d](each start = 1, each fixed = true), y[%d];\n'
                'equation\n  for i in 1:%d loop\n    der(x[i]) = -x[i];\n    y[i] = if use then der(x[i]) else 0;\n'
                '  end for;\nend Sif%d;\n' % (n, n, n, n, n))
PY
# arena NAME: the MB of arena after codegen for NAME.mo (0 after a failure, reported)
arena() {
    local mb
    mb=$(cd "$D" && ulimit -t 60 && "$MO2C" --stats --emit-c "$1.mo" -o "$1.c" 2>&1 |
         sed -n 's/^mo2c: stats: codegen .* \([0-9.]*\) MB arena.*/\1/p')
    [ -n "$mb" ] || { fail "$1: no arena reported" >&2; mb=0; }
    echo "$mb"
}
for m in Fold Sif; do
    a=$(arena ${m}8000); b=$(arena ${m}16000)
    if awk -v a="$a" -v b="$b" 'BEGIN { exit !(a > 0 && b > 0 && b < 2.5 * a) }'; then
        echo "ok   $m: $a MB of arena at N = 8000, $b at 16000"
    else
        fail "$m: $a MB of arena at N = 8000, $b at 16000 (expected under 2.5 times)"
    fi
done
[ $status = 0 ] && echo ok
exit $status
