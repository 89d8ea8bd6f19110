#!/usr/bin/env python3
"""Reference for tests/models/Freewheel.mo (tests/sim/mixed_freewheel.sh), independent of mo2c.

Inertias J1 = J2 = 10; inertia 1 is driven by T(t) = A sin t, A = 4; a one-way clutch between them with
sliding friction tau0 = 1 and static friction peak*tau0 = 1.5. Stuck: both accelerate with T/20 (the clutch
carries T/2, of either sign) until T/2 exceeds 1.5. Sliding forward: inertia 1 accelerates with
(T - 1)/10, inertia 2 with 1/10, until w1 = w2; then the clutch sticks (T/2 < 1 there). Every phase is
integrated in closed form; its end is found by bisection to 1e-14 s.
Usage: freewheel_ref.py OUT.csv   (rows every 0.04 s from 0 to 20, the output grid of the model's
experiment: time,w1,w2)
"""
import math
import sys

from phases import first_after

J, A, TAU0, TMAX, STOP = 10.0, 4.0, 1.0, 1.5, 20.0


def state(sliding, t0, w1, w2, t):
    """Speeds at t of the phase begun at t0 with w1, w2 (closed forms of the integrals of T)."""
    i = A * (math.cos(t0) - math.cos(t))   # integral of T from t0 to t
    if not sliding:
        return w1 + i / (2 * J), w2 + i / (2 * J)
    return w1 + (i - TAU0 * (t - t0)) / J, w2 + TAU0 * (t - t0) / J


def end_of(sliding, t0, w1, w2):
    """The first time after t0 at which the phase ends (stuck: T/2 > TMAX; sliding: w1 = w2)."""
    def ended(t):
        if not sliding:
            return A * math.sin(t) / 2 > TMAX
        a, b = state(True, t0, w1, w2, t)
        return a - b <= 0
    return first_after(ended, t0, STOP)


def main():
    phases = []   # (start, sliding, w1, w2)
    t0, sliding, w1, w2 = 0.0, False, 0.0, 0.0
    while t0 < STOP:
        phases.append((t0, sliding, w1, w2))
        t1 = end_of(sliding, t0, w1, w2)
        if t1 == math.inf:
            break
        w1, w2 = state(sliding, t0, w1, w2, t1)
        if sliding:
            w2 = w1   # the sliding ends where the speeds meet
        sliding = not sliding
        t0 = t1
    with open(sys.argv[1], "w") as out:
        out.write("time,w1,w2\n")
        for k in range(501):
            t = k * STOP / 500
            s = max(p for p in phases if p[0] <= t)
            a, b = state(s[1], s[0], s[2], s[3], t)
            out.write("%.17g,%.17g,%.17g\n" % (t, a, b))
    for p in phases:
        print("%s from t = %.12g" % ("sliding" if p[1] else "stuck", p[0]), file=sys.stderr)


main()
