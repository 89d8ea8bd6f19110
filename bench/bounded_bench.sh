#!/usr/bin/env bash
# bench/bounded_bench.sh - the inputs of tests/sim/front_bounded.sh (quadratic before issue 18's fixes),
# measured at growing sizes: CPU time (user + system) and peak memory of `mo2c --flat` (GNU time), the
# listing discarded. Linear means ten times the size costs about ten times as much.
#   within N     within a.a...a; (N parts) before a one-line model      N in WS (default 10^4 10^5 10^6)
#   import N     the same name as an import inside the model
#   extends N    a chain of N classes, each extending the previous and adding a variable   N in ES
#                (default 10^3 10^4 10^5)
#   fill N       parameter Real a[N, N] = fill(1, N, N)                 N in FS (default 500 1000 2000;
#                above 2048 it is the error of the 2^22-element bound)
# and, through the whole compiler to the C file (`mo2c --emit-c`; review finding 08: codegen and solve
# walked a chain's left operand again at each of its nodes), long operator chains as tools write them,
# N in CS (default 11000 22000 44000; the parser admits chains up to MO_MAX_EXPR_DEPTH, 50000):
#   sum N        der(x) = -(p[1]*x + ... + p[N]*x)
#   prod N       der(x) = -x*p[1]*...*p[N]
#   loop N       y + p[1]*z + ... + p[N]*z = x with z = 2*y + sin(x): an algebraic loop
# Environment: MO2C (default build/mo2c).
set -u
cd "$(dirname "$0")/.."
MO2C=${MO2C:-$PWD/build/mo2c}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
command -v /usr/bin/time >/dev/null || { echo "bench/bounded_bench.sh needs GNU time (/usr/bin/time)"; exit 2; }

gen() { # kind n file
    python3 - "$@" <<'PY'
import sys
kind, n, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(path, 'w') as f:
    if kind == 'within':
        f.write('within ' + '.'.join(['a'] * n) + ';\nmodel M\n  Real x = 1;\nend M;\n')
    elif kind == 'import':
        f.write('model M\n  import ' + '.'.join(['a'] * n) + ';\n  Real x = 1;\nend M;\n')
    elif kind == 'extends':
        f.write('model C0\n  Real x0 = 0;\nend C0;\n')
        for i in range(1, n):
            f.write('model C%d\n  extends C%d;\n  Real x%d = x%d + 1;\nend C%d;\n' % (i, i - 1, i, i - 1, i))
        f.write('model M\n  extends C%d;\nend M;\n' % (n - 1))
    elif kind == 'fill':
        f.write('model M\n  parameter Real a[%d, %d] = fill(1, %d, %d);\nend M;\n' % (n, n, n, n))
    else:
        terms = lambda fmt, sep: sep.join(fmt % (i + 1) for i in range(n))
        eq = {'sum': '  der(x) = -(%s);\n' % terms('p[%d]*x', ' + '),
              'prod': '  der(x) = -x*%s;\n' % terms('p[%d]', '*'),
              'loop': '  der(x) = -y;\n  y + %s = x;\n  z = 2*y + sin(x);\n' % terms('p[%d]*z', ' + ')}[kind]
        f.write('model M\n  parameter Real p[%d] = fill(1e-5, %d);\n  Real x(start = 1, fixed = true);\n'
                '%sequation\n%send M;\n' % (n, n, '  Real y, z;\n' if kind == 'loop' else '', eq))
PY
}

measure() { # kind n [mo2c option: --flat, or --emit-c]
    gen "$1" "$2" "$T/in.mo"
    /usr/bin/time -f "%U %S %M" -o "$T/time" "$MO2C" "${3:---flat}" "$T/in.mo" M -o "$T/out.c" >/dev/null 2>"$T/err"
    local rc=$?
    read -r u s m < <(tail -1 "$T/time")
    printf '  %-8s %9s  %7.2f s cpu  %8.1f MB peak  exit %d\n' "$1" "$2" "$(echo "$u + $s" | bc)" "$(echo "$m / 1024" | bc -l)" $rc
}
for n in ${WS:-10000 100000 1000000}; do measure within "$n"; done
for n in ${WS:-10000 100000 1000000}; do measure import "$n"; done
for n in ${ES:-1000 10000 100000}; do measure extends "$n"; done
for n in ${FS:-500 1000 2000}; do measure fill "$n"; done
for k in sum prod loop; do for n in ${CS:-11000 22000 44000}; do measure $k "$n" --emit-c; done; done
