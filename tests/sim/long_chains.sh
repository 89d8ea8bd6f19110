#!/usr/bin/env bash
# Long operator chains as tools write them (a1*x + a2*x + ..., a1*a2*...*an): every stage is linear in
# the chain's length, and the deepest chain the parser admits goes through every stage without
# exhausting a stack; a deeper one is a located error.
#   Sum, Prod    der(x) = -(p[1]*x + ... + p[45000]*x), der(x) = -x*p[1]*...*p[45000]: codegen judged at
#                every + and * whether the operands are Integers, walking the whole left operand again
#                (25 s and 21 s of CPU for mo2c, review finding 08; now 0.5 s)
#   Loop         y + p[1]*z + ... + p[45000]*z = x inside an algebraic loop: solve asked at every node
#                whether the subtree reads the loop's unknowns (mo_sym_affine, 1.4 s for 16000 terms)
#   Deep         a sum of 100000 terms: deeper than MO_MAX_EXPR_DEPTH (ast.h), refused at its place
#   Sum2000, Prod2000  simulated, against the closed forms x = exp(-r t)
# The growth is counted, not timed (mo2c --stats): the nodes codegen judged Integer or not ("count
# int-judged-nodes N") for all three, and the nodes solve's affinity test visited ("count affine-nodes
# N") for Loop, at 11250 and 45000 terms, must grow less than 6 times (linear: 4, the quadratic: 16);
# bench/bounded_bench.sh measures the time.
set -u
source tests/ref/lib.sh
D=$OUT/long_chains
rm -rf "$D"; mkdir -p "$D"
status=0
fail() { echo "FAIL: $*"; status=1; }

python3 - "$D" <<'PY'
import sys
d = sys.argv[1]
def model(name, n, decl, eqs):
    with open('%s/%s.mo' % (d, name), 'w') as f:
        f.write('model %s\n  parameter Real p[%d] = fill(%s, %d);\n  Real x(start = 1, fixed = true);\n%s'
                'equation\n%send %s;\n' % (name, n, decl[0], n, decl[1], eqs, name))
def terms(n, fmt, sep):
    return sep.join(fmt % (i + 1) for i in range(n))
for name, n in (('Sum', 45000), ('Sum11250', 11250), ('Sum2000', 2000), ('Deep', 100000)):
    model(name, n, ('1e-4', ''), '  der(x) = -(%s);\n' % terms(n, 'p[%d]*x', ' + '))
for name, n in (('Prod', 45000), ('Prod11250', 11250), ('Prod2000', 2000)):
    model(name, n, ('1.00001', ''), '  der(x) = -x*%s;\n' % terms(n, 'p[%d]', '*'))
for name, n in (('Loop', 45000), ('Loop11250', 11250)):
    model(name, n, ('1e-5', '  Real y, z;\n'),
          '  der(x) = -y;\n  y + %s = x;\n  z = 2*y + sin(x);\n' % terms(n, 'p[%d]*z', ' + '))
PY

# emit NAME: mo2c --stats --emit-c of NAME.mo; sets rc, err (its first 300 bytes) and the counts judged
# (int-judged-nodes) and affine (affine-nodes)
emit() {
    (cd "$D" && exec "$MO2C" --stats --emit-c "$1.mo" -o "$1.c") 2>"$D/$1.err"; rc=$?
    err=$(grep -v '^mo2c: stats:' "$D/$1.err" | head -c 300)
    judged=$(sed -n 's/^mo2c: stats: count int-judged-nodes \([0-9]*\)$/\1/p' "$D/$1.err")
    affine=$(sed -n 's/^mo2c: stats: count affine-nodes \([0-9]*\)$/\1/p' "$D/$1.err")
}
# linear WHAT A B: the count A at 11250 terms and B at 45000 grow less than 6 times
linear() {
    if awk -v a="$2" -v b="$3" 'BEGIN { exit !(a > 0 && b > 0 && b < 6 * a) }'; then
        echo "ok   $1: $2 at 11250 terms, $3 at 45000"
    else
        fail "$1: $2 at 11250 terms, $3 at 45000 (expected under 6 times)"
    fi
}
for m in Sum Prod Loop; do
    emit ${m}11250
    [ $rc = 0 ] || fail "${m}11250: exit status $rc: $err"
    j1=$judged a1=$affine
    emit $m
    [ $rc = 0 ] || { fail "$m: exit status $rc: $err"; continue; }
    linear "$m: nodes judged Integer or not" "$j1" "$judged"
    [ $m = Loop ] && linear "$m: nodes of the affinity test" "$a1" "$affine"
    # the whole chain reached the C file: its last operand in the equation's code, beside the one line
    # that sets the parameter (the variable table names it too, but with quotes: "p[45000]")
    [ "$(grep -c 'p\[44999\] /\* p\[45000\] \*/' "$D/$m.c")" -ge 2 ] || fail "$m: the C file lacks the chain's last term"
done
emit Deep
[ $rc = 1 ] || fail "Deep: exit status $rc: $err"
grep -q "^Deep.mo:5:14: error: expression nested too deeply" <<<"$err" || fail "Deep: $err"

# the closed forms: Sum2000 decays at r = 2000 * 1e-4, Prod2000 at r = 1.00001^2000
(cd "$D" && "$MO2C" Sum2000.mo -o Sum2000 && "$MO2C" Prod2000.mo -o Prod2000) || fail "building the simulators"
if [ $status = 0 ]; then
    simulate "$D" Sum2000 -r=Sum2000.csv -override=stopTime=2 || fail "Sum2000 run"
    simulate "$D" Prod2000 -r=Prod2000.csv -override=stopTime=2 || fail "Prod2000 run"
    closed_form "$D/Sum2000.csv" x 'exp(-0.2 * t)' 1e-5 || fail "Sum2000"
    closed_form "$D/Prod2000.csv" x 'exp(-exp(2000 * log(1.00001)) * t)' 1e-5 || fail "Prod2000"
fi
[ $status = 0 ] && echo ok
exit $status
