#!/usr/bin/env bash
# Derivatives of long products: the C stays linear in the product's length (codegen_temps.c), judged by
# the size of the C file at N and 2N factors, not by a timing. The derivative of (1 + p[1]*x2)*...*
# (1 + p[N]*x2) refers to each partial product twice (a DAG of N nodes: diff.c); printed as a tree it was
# N^2/2 factors (185 MB of C at N = 2000, 3.5 GB of mo2c), now each partial product is one local
# `mo_t<k>` that the statement reads.
#   Ind N   x1 = prod, y = der(x1): index reduction differentiates the product (an explicit statement)
#   Jac N   x1 = prod over der(x1): an implicit equation, solved by Newton with the product's derivative
#           as its Jacobian (the residual's locals and pd's)
#   Ode N   x1 = prod, der(x3) = -der(x1)*x3: the ODE's symbolic Jacobian (codegen_jac.c) holds
#           d der(x1) / d x2, the product's second derivative (before its locals: 120 MB of C at N = 200,
#           more than 6 GB of mo2c at 1000)
#   Set N   Ind with p = 0.01: the product's partial against x2 is so large at the start that the choice
#           of x1 or x2 as the state becomes a state set, whose watch (codegen_dss.c) prints that partial
#           (23.6 MB of C at N = 1000, 94 MB at 2000, before its entries had locals too)
# At N = 1000 and 2000 the C file must grow less than 2.5 times (linear: 2, the quadratic: 4), and hold
# the locals; so must mo2c's own work, the nodes its walks visit (--stats: dag-walk-nodes; the walks of
# analysis and codegen follow each shared node once: mo_dag in parse/ast.h, where as trees they were
# quadratic, 6.3 s of mo2c at N = 4000, 0.12 s now). mo2c runs under a cap (60 s of CPU, 4 GB) so that
# the quadratic fails rather than fills the machine. Ind200 is simulated against the closed form of y,
# Ode200 (by msbdf, which takes the Jacobian) against that of x3.
set -u
source tests/ref/lib.sh
D=$OUT/long_products
rm -rf "$D"; mkdir -p "$D"
status=0
fail() { echo "FAIL: $*"; status=1; }

python3 - "$D" <<'PY'
import sys
d = sys.argv[1]
def prod(n, x):
    return '*'.join('(1 + p[%d]*%s)' % (i + 1, x) for i in range(n))
for n in (200, 1000, 2000):
    with open('%s/Ind%d.mo' % (d, n), 'w') as f:
        f.write('model Ind%d\n  parameter Real p[%d] = fill(1e-3, %d);\n  Real x1, y;\n'
                '  Real x2(start = 0.1, fixed = true);\nequation\n  x1 = %s;\n  der(x2) = -x2;\n'
                '  y = der(x1);\nend Ind%d;\n' % (n, n, n, prod(n, 'x2'), n))
for n in (1000, 2000):
    with open('%s/Set%d.mo' % (d, n), 'w') as f:
        f.write('model Set%d\n  parameter Real p[%d] = fill(1e-2, %d);\n  Real x1, y;\n'
                '  Real x2(start = 0.1, fixed = true);\nequation\n  x1 = %s;\n  der(x2) = -x2;\n'
                '  y = der(x1);\nend Set%d;\n' % (n, n, n, prod(n, 'x2'), n))
for n in (1000, 2000):
    with open('%s/Jac%d.mo' % (d, n), 'w') as f:
        f.write('model Jac%d\n  parameter Real p[%d] = fill(1e-3, %d);\n  Real x1, x2(start = 0.1, fixed = true);\n'
                'equation\n  x1 = %s;\n  der(x1) = -x2;\nend Jac%d;\n' % (n, n, n, prod(n, 'x2'), n))
for n in (200, 1000, 2000):
    with open('%s/Ode%d.mo' % (d, n), 'w') as f:
        f.write('model Ode%d\n  parameter Real p[%d] = fill(1e-3, %d);\n  Real x1;\n'
                '  Real x2(start = 0.1, fixed = true), x3(start = 1, fixed = true);\nequation\n'
                '  x1 = %s;\n  der(x2) = -x2;\n  der(x3) = -der(x1)*x3;\nend Ode%d;\n'
                % (n, n, n, prod(n, 'x2'), n))
PY

# size NAME: the bytes of NAME.c emitted by mo2c (0 after a failure, reported); the memory cap only for
# a compiler without the sanitizers (ASan reserves terabytes of address space)
vcap=""
[ -n "$(cat "$BUILD/sanitize.flags" 2>/dev/null)" ] || vcap="-v 4000000"
size() {
    if (cd "$D" && ulimit -t 60 $vcap && "$MO2C" --emit-c "$1.mo" -o "$1.c") 2>"$D/$1.err"; then
        wc -c <"$D/$1.c"
    else
        fail "$1: $(head -c 300 "$D/$1.err")" >&2; echo 0
    fi
}
for m in Ind Jac Ode Set; do
    a=$(size ${m}1000); b=$(size ${m}2000)
    if awk -v a="$a" -v b="$b" 'BEGIN { exit !(a > 0 && b > 0 && b < 2.5 * a) }'; then
        echo "ok   $m: $a bytes of C at N = 1000, $b at 2000"
    else
        fail "$m: $a bytes of C at N = 1000, $b at 2000 (expected under 2.5 times)"
    fi
    locals=$(grep -c 'const double mo_t[0-9]* = mo_t' "$D/${m}2000.c" 2>/dev/null)
    [ "${locals:-0}" -ge 500 ] ||
        fail "$m: the partial products of ${m}2000.c are not locals"
done
grep -q 'mo2c_dss_switch(d, t' "$D/Set2000.c" || fail "Set2000 makes no state set (the case it is for)"

# walked N: the dag-walk-nodes count of mo2c --stats on IndN
walked() {
    (cd "$D" && "$MO2C" --stats --emit-c "Ind$1.mo" -o /dev/null 2>&1) | sed -n 's/.*count dag-walk-nodes //p'
}
a=$(walked 1000); b=$(walked 2000)
if awk -v a="$a" -v b="$b" 'BEGIN { exit !(a > 0 && b > 0 && b < 2.5 * a) }'; then
    echo "ok   walks: $a nodes at N = 1000, $b at 2000"
else
    fail "walks: '$a' nodes at N = 1000, '$b' at 2000 (expected under 2.5 times)"
fi

# y = der(x1) = -N p x2 (1 + p x2)^(N - 1), x2 = 0.1 exp(-t), N = 200, p = 1e-3
(cd "$D" && "$MO2C" Ind200.mo -o Ind200) || fail "building Ind200"
if [ $status = 0 ]; then
    simulate "$D" Ind200 -r=Ind200.csv -override=stopTime=2 || fail "Ind200 run"
    closed_form "$D/Ind200.csv" y '-200 * 1e-3 * 0.1 * exp(-t) * (1 + 1e-4 * exp(-t)) ^ 199' 1e-6 || fail "Ind200"
fi
# x3 = exp(-(x1(t) - x1(0))), x1 = (1 + p x2)^N, x2 = 0.1 exp(-t)
(cd "$D" && "$MO2C" Ode200.mo -o Ode200) || fail "building Ode200"
if [ $status = 0 ]; then
    simulate "$D" Ode200 -s=msbdf -r=Ode200.csv -override=stopTime=2 || fail "Ode200 run"
    closed_form "$D/Ode200.csv" x3 'exp(-((1 + 1e-4 * exp(-t)) ^ 200 - (1 + 1e-4) ^ 200))' 1e-6 || fail "Ode200"
fi
[ $status = 0 ] && echo ok
exit $status
