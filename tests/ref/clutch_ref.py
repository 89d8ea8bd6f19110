#!/usr/bin/env python3
"""Reference for tests/models/MixedClutch.mo (tests/sim/mixed_loop.sh), independent of mo2c.

Two unit masses; mass 1 is driven by F(t) = A sin(w t), mass 2 is dragged through a dry clutch.
Stuck: both accelerate with F/2 (the clutch carries F/2), until |F|/2 exceeds F0. Sliding forward
(v1 > v2): mass 1 accelerates with F - F0, mass 2 with F0, until v1 = v2; sliding backward likewise
with -F0. When the sliding ends the clutch sticks if |F|/2 <= F0, else slides the other way.
Every phase is integrated in closed form; its end is found by bisection to 1e-14 s.
Usage: clutch_ref.py OUT.csv   (rows every 0.02 s from 0 to 10, the output grid of the model's
experiment: time,v1,v2)
"""
import math
import sys

from phases import first_after

A, W, F0, STOP = 3.0, 1.0, 1.0, 10.0


def F(t):
    return A * math.sin(W * t)


def state(phase, t0, v1, v2, t):
    """Velocities at t of the phase begun at t0 with v1, v2 (closed forms of the integrals of F)."""
    i = A / W * (math.cos(W * t0) - math.cos(W * t))   # integral of F from t0 to t
    if phase == 0:
        return v1 + i / 2, v2 + i / 2
    s = 1.0 if phase > 0 else -1.0
    return v1 + i - s * F0 * (t - t0), v2 + s * F0 * (t - t0)


def end_of(phase, t0, v1, v2):
    """The first time after t0 at which the phase ends (stuck: |F|/2 > F0; sliding: v1 = v2)."""
    def g(t):
        if phase == 0:
            return abs(F(t)) / 2 - F0
        a, b = state(phase, t0, v1, v2, t)
        return (a - b) * phase
    return first_after(lambda t: g(t) < 0 if phase else g(t) > 0, t0, STOP)


def main():
    phases = []   # (start, phase, v1, v2)
    t0, phase, v1, v2 = 0.0, 0, 0.0, 0.0
    while t0 < STOP:
        phases.append((t0, phase, v1, v2))
        t1 = end_of(phase, t0, v1, v2)
        if t1 == math.inf:
            break
        v1, v2 = state(phase, t0, v1, v2, t1)
        if phase == 0:
            phase = 1 if F(t1) > 0 else -1
        else:
            v2 = v1   # the sliding ends where the velocities meet
            phase = 0 if abs(F(t1)) / 2 <= F0 else (1 if F(t1) > 0 else -1)
        t0 = t1
    with open(sys.argv[1], "w") as out:
        out.write("time,v1,v2\n")
        for k in range(501):
            t = k / 50
            s = max(p for p in phases if p[0] <= t)
            a, b = state(s[1], s[0], s[2], s[3], t)
            out.write("%.17g,%.17g,%.17g\n" % (t, a, b))
    for p in phases:
        print("phase %+d from t = %.12g" % (p[1], p[0]), file=sys.stderr)


main()
