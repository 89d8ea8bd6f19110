#!/usr/bin/env python3
"""Reference for tests/models/MixedTwoBrakes.mo (tests/sim/mixed_two_brakes.sh), independent of mo2c.

A unit mass driven by F(t) = A sin(w t) and held by two dry brakes with the limits F1 and F2: it stands
while |F| <= F1 + F2 and slides with the force F - s (F1 + F2) (s its direction) until v = 0, where it
stands again when |F| <= F1 + F2, else slides the other way. Every phase in closed form, its end by
bisection to 1e-14 s.

Usage: brakes_ref.py OUT.csv [RESULT.csv]
  writes rows every 0.02 s from 0 to 10 (the model's output grid): time,v. With RESULT.csv (the
  simulator's, with the columns time, b1.f, b2.f), also checks the brakes' forces while the mass
  stands (1e-6 s away from a phase's ends): they balance F (f1 + f2 = F), each within its limit, and
  one of them at its limit, the split of a regular mode (both locked is singular: any split that
  balances F would do). Exits 1 naming the first row that does not.
"""
import csv
import math
import sys

from phases import first_after

A, W, F1, F2, STOP = 3.0, 1.0, 1.0, 0.75, 10.0
FS = F1 + F2


def F(t):
    return A * math.sin(W * t)


def vel(phase, t0, v0, t):
    """The velocity at t of the phase (0 standing, +-1 sliding) begun at t0 with v0."""
    if phase == 0:
        return 0.0
    return v0 + A / W * (math.cos(W * t0) - math.cos(W * t)) - phase * FS * (t - t0)


def end_of(phase, t0, v0):
    """The first time after t0 at which the phase ends (standing: |F| > FS; sliding: v = 0)."""
    def over(t):
        return abs(F(t)) > FS if phase == 0 else vel(phase, t0, v0, t) * phase < 0
    return first_after(over, t0, STOP)


def main():
    phases = []   # (start, phase, v0)
    t0, phase, v0 = 0.0, 0, 0.0
    while t0 < STOP:
        phases.append((t0, phase, v0))
        t1 = end_of(phase, t0, v0)
        if t1 == math.inf:
            break
        if phase == 0:
            phase = 1 if F(t1) > 0 else -1
        else:
            phase = 0 if abs(F(t1)) <= FS else (1 if F(t1) > 0 else -1)
        v0, t0 = 0.0, t1
    ends = [p[0] for p in phases[1:]] + [math.inf]
    with open(sys.argv[1], "w") as out:
        out.write("time,v\n")
        for k in range(501):
            t = k / 50
            s = max(p for p in phases if p[0] <= t)
            out.write("%.17g,%.17g\n" % (t, vel(s[1], s[0], s[2], t)))
    for p in phases:
        print("phase %+d from t = %.12g" % (p[1], p[0]), file=sys.stderr)
    if len(sys.argv) < 3:
        return 0
    checked = 0
    with open(sys.argv[2]) as f:
        for row in csv.DictReader(f):
            t = float(row["time"])
            k = max(i for i, p in enumerate(phases) if p[0] <= t)
            if phases[k][1] != 0 or t < phases[k][0] + 1e-6 or t > ends[k] - 1e-6:
                continue
            f1, f2 = float(row["b1.f"]), float(row["b2.f"])
            tol = 1e-9
            bad = None
            if abs(f1 + f2 - F(t)) > tol:
                bad = "f1 + f2 = %.12g, F = %.12g" % (f1 + f2, F(t))
            elif abs(f1) > F1 + tol or abs(f2) > F2 + tol:
                bad = "a force beyond its limit"
            elif abs(abs(f1) - F1) > tol and abs(abs(f2) - F2) > tol:
                bad = "neither brake at its limit (a split of the singular mode 'both locked')"
            if bad:
                print("FAIL: standing at t = %s: b1.f = %.12g, b2.f = %.12g: %s" % (row["time"], f1, f2, bad))
                return 1
            checked += 1
    if checked < 50:
        print("FAIL: only %d rows while the mass stands" % checked)
        return 1
    print("%d rows while the mass stands checked" % checked, file=sys.stderr)
    return 0


sys.exit(main())
