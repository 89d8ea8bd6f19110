#!/usr/bin/env python3
"""Reference for tests/sim/complexmath.sh: the values of tests/models/ComplexMathFns.mo by Python's cmath
(z = 0.3 + 0.1 t + 0.2j, v = {z, 2 z, 1 - j}), as a CSV at the simulator's output times (500 intervals of
[0, 1]). Prints the header with the column names the test compares."""
import cmath
import math

fns = {'s': cmath.sin, 'c': cmath.cos, 't': cmath.tan, 'as': cmath.asin, 'ac': cmath.acos, 'at': cmath.atan,
       'sh': cmath.sinh, 'th': cmath.tanh, 'ash': cmath.asinh, 'ach': cmath.acosh, 'ath': cmath.atanh,
       'e': cmath.exp, 'l': cmath.log, 'sq': cmath.sqrt}
rows = []
for k in range(501):
    t = k * 0.002
    z = complex(0.3 + 0.1 * t, 0.2)
    val = {name: f(z) for name, f in fns.items()}
    v = [z, 2 * z, complex(1, -1)]
    norm = math.sqrt(sum(abs(x) ** 2 for x in v))
    val['sm'] = sum(v)
    val['pr'] = v[0] * v[1] * v[2]
    val['mx'] = max(v, key=abs)
    w = [complex(1, t), complex(2, 0), complex(0, -1)]
    val['sp'] = sum(v[i] * w[i] for i in range(3))
    for i in range(3):
        val['vn[%d]' % (i + 1)] = v[i] / norm
        val['vr[%d]' % (i + 1)] = v[2 - i]
        val['pe[%d]' % (i + 1)] = v[i] * w[i]
    cols = []
    for name, x in val.items():
        cols += [(name + '.re', x.real), (name + '.im', x.imag)]
    cols += [('n', norm), ('len', norm)]
    rows.append((t, cols))
print(','.join(['"time"'] + ['"%s"' % n for n, _ in rows[0][1]]))
for t, cols in rows:
    print(','.join(['%.10g' % t] + ['%.17g' % x for _, x in cols]))
