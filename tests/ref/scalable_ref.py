#!/usr/bin/env python3
"""Closed-form references for the families of bench/gen_scalable.sh (tests/sim/scalable.sh), derived by
hand from each family's equations, not from mo2c. Reads a result CSV of a model the generator wrote,
compares every column named below with its closed form at every row, and prints the worst deviation;
exit 1 when it is larger than TOL (absolute) or when a column is missing.
  cascaded N:   stage k (x[k] / xk.y), s = t N / T with T = 1: 1 - exp(-s) sum_{j<k} s^j / j! (the
                Erlang distribution function: k lags of time constant T/N in series, unit step input).
  oscillator N: position of mass i (x[i] / xi.s). m x'' = k A x, A the Laplacian of the free-free path:
                its eigenvectors are u_j(i) = cos(pi j (i - 1/2) / N), eigenvalues -4 sin^2(pi j / (2N)),
                j = 0..N-1 (orthogonal); x(0) = N e_1, v(0) = 0, so x(t) = sum_j c_j u_j cos(w_j t) with
                c_j = <x(0), u_j> / <u_j, u_j>, w_j = sqrt(4 k/m sin^2(pi j / (2N))).
  heat N:       temperature of node i < N (T[i] / ci.T); u = T - TN over the n = N-1 free nodes follows
                u' = a/dx^2 B u, a = lambda/(rho cp), B tridiagonal (-2 on the diagonal, 1 beside it) but
                -1 in its first row (insulated end, ghost node u_0 = u_1) and u_{n+1} = 0 (held end):
                eigenvectors cos(th_j (i - 1/2)) with th_j = (2j-1) pi / (2n+1), eigenvalues
                -4 sin^2(th_j/2), j = 1..n; u(0) = T0 - TN everywhere.
  network N:    voltage of load (i, j) (load[i,j].v / load_i_j.v), source 600 t: a resistive ladder
                reduced by hand. Seen from primary node i the secondary line is Z = R_d2 + F_1 with
                F_M = R_l, F_j = R_l || (R_d2 + F_{j+1}); seen from primary node i towards ground,
                E_N = Z, E_i = Z || (R_d1 + E_{i+1}); then each node's voltage is the previous one's times
                the divider ratio E_{i}/(R_d1 + E_{i}) (primary), F_j/(R_d2 + F_j) (secondary).
Usage: scalable_ref.py FAMILY FORM N RESULT.csv TOL"""
import csv
import math
import sys

fam, form, n, path, tol = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], float(sys.argv[5])
arr = form == "array"


def cascaded():
    tau = 1.0 / n

    def x(k, t):
        s = t / tau
        term, tot = 1.0, 0.0
        for j in range(k):
            tot += term
            term *= s / (j + 1)
        return 1 - math.exp(-s) * tot
    return {(f"x[{k}]" if arr else f"x{k}.y"): (lambda t, k=k: x(k, t)) for k in range(1, n + 1)}


def oscillator():
    m, k = 1.0, 10.0
    modes = []
    for j in range(n):
        u = [math.cos(math.pi * j * (i - 0.5) / n) for i in range(1, n + 1)]
        c = n * u[0] / sum(v * v for v in u)
        w = math.sqrt(4 * k / m * math.sin(math.pi * j / (2 * n)) ** 2)
        modes.append((u, c, w))

    def x(i, t):
        return sum(c * u[i - 1] * math.cos(w * t) for u, c, w in modes)
    return {(f"x[{i}]" if arr else f"x{i}.s"): (lambda t, i=i: x(i, t)) for i in range(1, n + 1)}


def heat():
    L, cp, lam, rho, T0, TN = 0.2, 910.0, 237.0, 2712.0, 273.15, 330.0
    dx, a, m = L / (n - 1), lam / (rho * cp), n - 1
    modes = []
    for j in range(1, m + 1):
        th = (2 * j - 1) * math.pi / (2 * m + 1)
        v = [math.cos(th * (i - 0.5)) for i in range(1, m + 1)]
        c = (T0 - TN) * sum(v) / sum(e * e for e in v)
        modes.append((v, c, -4 * math.sin(th / 2) ** 2 * a / dx ** 2))

    def T(i, t):
        return TN + sum(c * v[i - 1] * math.exp(mu * t) for v, c, mu in modes)
    return {(f"T[{i}]" if arr else f"c{i}.T"): (lambda t, i=i: T(i, t)) for i in range(1, m + 1)}


def network():
    M, alpha, Rl = n, 2.0, 1.0
    Rd2, Rd1 = Rl / (M ** 2 * alpha), Rl / (M ** 2 * n ** 2 * alpha)
    par = lambda p, q: p * q / (p + q)
    F = [0.0] * (M + 2)
    F[M] = Rl
    for j in range(M - 1, 0, -1):
        F[j] = par(Rl, Rd2 + F[j + 1])
    Z = Rd2 + F[1]
    E = [0.0] * (n + 2)
    E[n] = Z
    for i in range(n - 1, 0, -1):
        E[i] = par(Z, Rd1 + E[i + 1])
    ratio = {}
    p = 1.0
    for i in range(1, n + 1):
        p *= E[i] / (Rd1 + E[i])
        s = p
        for j in range(1, M + 1):
            s *= F[j] / (Rd2 + F[j])
            ratio[(i, j)] = s
    return {(f"load[{i},{j}].v" if arr else f"load_{i}_{j}.v"): (lambda t, r=r: 600 * t * r)
            for (i, j), r in ratio.items()}


refs = {"cascaded": cascaded, "oscillator": oscillator, "heat": heat, "network": network}[fam]()
rows = list(csv.reader(open(path)))
head = [h.strip('"') for h in rows[0]]
missing = [name for name in refs if name not in head]
if missing:
    print(f"FAIL: {fam} {form} {n}: no column {missing[0]} in {path}")
    sys.exit(1)
worst, where = 0.0, ""
for row in rows[1:]:
    t = float(row[0])
    for name, f in refs.items():
        d = abs(float(row[head.index(name)]) - f(t))
        if d > worst:
            worst, where = d, f"{name} at t = {t}"
ok = worst <= tol
print(f"{'ok  ' if ok else 'FAIL'} {fam} {form} N = {n}: {len(refs)} columns, {len(rows) - 1} rows, "
      f"worst deviation {worst:.2e} ({where}), tolerance {tol:g}")
sys.exit(0 if ok else 1)
