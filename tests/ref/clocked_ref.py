#!/usr/bin/env python3
# The closed forms of tests/models/Clocked.mo's clocked models (spec chapter 16), derived by hand from
# their difference equations, checked against a result CSV of mo2c at every row that is not at a clock
# tick (at a tick the result holds the values before and after it).
#   clocked_ref.py MODEL RESULT.csv       exit 1 with the first mismatches
import csv, math, sys

model, path = sys.argv[1], sys.argv[2]
rows = list(csv.DictReader(open(path)))

def periodic(t):
    K = math.floor(t / 0.1 + 1e-9)
    S = [sum(math.exp(-0.1 * i) for i in range(j + 1)) for j in range(K + 1)]
    z = sum(S[j] * 0.1 for j in range(K)) + S[K] * (t - 0.1 * K)
    return {'x': math.exp(-t), 'xs': math.exp(-0.1 * K), 'y': S[K], 'z': z}

def clockedwhen(t):
    K = math.floor(t / 0.1 + 1e-9)
    return {'x': math.exp(-t), 'u': math.exp(-0.1 * K), 'y': sum(math.exp(-0.1 * i) for i in range(K + 1)),
            'k': math.floor(t / 0.2 + 1e-9) + 1}

def wheninferred(t):
    r = {}
    for b, h in (('b1', 0.1), ('b2', 0.2), ('b3', 0.2)):
        K = math.floor(t / h + 1e-9)
        r[b + '.n'] = K + 1
        r[b + '.y'] = sum(h * k for k in range(K + 1))
    return r

def inferredfactor(t):
    y = 0.1 * math.floor(t / 0.1 + 1e-9)
    z = 0.05 * math.floor(t / 0.05 + 1e-9)
    return {'u': y, 'y': y, 'z': z, 'w': y + z}

def discretized(t):
    # the recursions of 16.8.2 with h = 0.1, the start values at the first tick (t = 0):
    # ExplicitEuler x_i = x_{i-1} + h f(x_{i-1}, u_{i-1}), f = 1 - x + u, u_i = t_i;
    # ImplicitEuler xi_i = xi_{i-1} + h 3 u_i
    K = math.floor(t / 0.1 + 1e-9)
    x, xi = 1.0, 2.0
    for i in range(1, K + 1):
        x = x + 0.1 * (1 - x + 0.1 * (i - 1))
        xi = xi + 0.1 * 3 * 0.1 * i
    return {'u': 0.1 * K, 'x': x, 'ui': 0.1 * K, 'xi': xi}

def subclocks(t):
    K = math.floor(t / 0.1 + 1e-9)                  # ticks of c (0.1 s) so far, minus one
    J = math.floor((t - 0.05) / 0.1 + 1e-9)         # ticks of shiftSample(u, 1, 2) at 0.05 + 0.1 j
    ys = 0.1 * 3 * (K // 3)
    return {'u': 0.1 * K, 'k': K + 1, 'ys': ys, 'yss': ys, 'ysh': 0.1 * J if J >= 0 else -1,
            'yb': 0.1 * (K - 1) if K >= 1 else -1, 'iv': 0.1, 'ivs': 0.3, 'ft': 1 if K == 0 else 0, 'hs': ys}

def connectors(t):
    K = math.floor(t / 0.25 + 1e-9)
    return {'x': 1 + t, 's.y': 1 + 0.25 * K, 'g.y': 2 * (1 + 0.25 * K), 'h.y': 2 * (1 + 0.25 * K)}

def eventclock(t):
    n = math.floor(t - 0.25 + 1e-9) + 1 if t >= 0.25 else 0   # ticks at 0.25, 1.25, 2.25
    return {'n': n, 'ts': 0.25 + (n - 1) if n else 0, 'iv': 0 if n == 0 else 0.5 if n == 1 else 1}

def leftlimit(t):
    K = math.floor(t / 0.1 + 1e-9)   # d counts the ticks 0 .. K; the samples read it before each tick
    return {'d': K + 1, 'y': K, 'ys': 1 if K >= 4 else 0, 'yw': math.exp(-0.1 * K), 'yq': 1 if K >= 4 else 0, 'yd': 1 if K >= 4 else 0,
            'p': 1 - math.exp(-t), 'q': max(0, t - 0.3)}

def ticksystem(t):
    # ImplicitEuler with h = 0.1, u_k = 0.1 k, the start values at the first tick (t = 0):
    # x_k + h x_k^3 = x_(k-1) + h u_k (increasing in x_k: one root, by bisection); xl_k = xl_(k-1) / (1 + h u_k);
    # y_k + z_k = u_k, y_k - 2 z_k = y_(k-1): z_k = (u_k - y_(k-1)) / 3, y_k = u_k - z_k (y_(-1) = 0)
    K = math.floor(t / 0.1 + 1e-9)
    x, xl, y, z = 1.0, 2.0, 0.0, 0.0
    for k in range(K + 1):
        u = 0.1 * k
        if k > 0:
            rhs = x + 0.1 * u
            lo, hi = -10.0, 10.0
            for _ in range(200):
                mid = 0.5 * (lo + hi)
                lo, hi = (mid, hi) if mid + 0.1 * mid ** 3 < rhs else (lo, mid)
            x = 0.5 * (lo + hi)
            xl = xl / (1 + 0.1 * u)
        z = (u - y) / 3
        y = u - z
    return {'u': 0.1 * K, 'x': x, 'xl': xl, 'y': y, 'z': z}

def ticksubsystem(t):
    # at the sub-clock's ticks t_j = 0.2 j: y_j + z_j = 0.2 j, y_j - z_j = y_(j-1) + 1 (y_(-1) = 0)
    J = math.floor(t / 0.2 + 1e-9)
    y = 0.0
    for j in range(J + 1):
        y = (0.2 * j + y + 1) / 2
    return {'u': 0.1 * math.floor(t / 0.1 + 1e-9), 'y': y, 'z': 0.2 * J - y}

forms = {'Periodic': (periodic, 0.1), 'SubClocks': (subclocks, 0.05), 'ClockConnectors': (connectors, 0.25),
         'EventClock': (eventclock, 0.25), 'ClockedWhen': (clockedwhen, 0.1),
         'WhenInferred': (wheninferred, 0.1), 'InferredFactor': (inferredfactor, 0.05),
         'Discretized': (discretized, 0.1), 'LeftLimit': (leftlimit, 0.1),
         'TickSystem': (ticksystem, 0.1), 'TickSubSystem': (ticksubsystem, 0.1)}
f, grid = forms[model]
bad = 0
checked = 0
for r in rows:
    t = float(r['time'])
    if abs(t / grid - round(t / grid)) < 1e-6:
        continue   # at a tick
    checked += 1
    for name, want in f(t).items():
        got = float(r[name])
        if abs(got - want) > 1e-6 * max(1, abs(want)):
            if bad < 10:
                print(f'{model} t={t}: {name} = {got}, expected {want}')
            bad += 1
if checked < 50:
    print(f'{model}: only {checked} rows checked')
    bad += 1
sys.exit(1 if bad else 0)
