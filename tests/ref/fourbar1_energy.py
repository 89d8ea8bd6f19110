#!/usr/bin/env python3
"""Energy and loop-closure check of the MSL's Modelica.Mechanics.MultiBody.Examples.Loops.Fourbar1
(tests/sim/multibody_loops.sh), from a result file of mo2c's simulator, with the bodies' mass properties
derived here from the example's parameters (not from mo2c).

Fourbar1 has no damping and no drive after its start (j1.w = 300 deg/s), so the kinetic plus potential
energy of its three BodyCylinders b1, b2, b3 stays constant. A BodyCylinder with vector r and diameter d
(density 7700, no inner diameter) has length L = |r|, mass m = 7700 pi L d^2 / 4, its centre of mass at
r / 2, and about it the inertia m d^2 / 8 along r and m (L^2 + 3 d^2 / 4) / 12 across. With frame_a's
origin r_0, velocity v_0, orientation T (world -> frame_a) and angular velocity w_a (in frame_a):
    E = sum m/2 |v_0 + T' (w_a x r_CM)|^2 + w_a' I w_a / 2 + m g (r_0 + T' r_CM)_y,   g = 9.80665.
The loop is cut where b0.frame_b meets j2.frame_a (the connect that closes the loop of the
connection graph): there j2.frame_a must keep the world's orientation and sit at b0's end (1.2, 0, 0).
Usage: fourbar1_energy.py RESULT.csv ETOL CTOL   exit 1 when the energy moves by more than ETOL or the
cut opens by more than CTOL.
"""
import csv
import math
import sys

G = 9.80665
BODIES = {"b1": ((0, 0.5, 0.1), 0.05), "b2": ((0, 0.2, 0), 0.05), "b3": ((-1, 0.3, 0.1), 0.05)}


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def main():
    path, etol, ctol = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
    rows = list(csv.reader(open(path)))
    col = {n: i for i, n in enumerate(rows[0])}
    energies, gap = [], 0.0
    for row in rows[1:]:
        val = lambda n: float(row[col[n]])
        e = 0.0
        for name, (r, d) in BODIES.items():
            length = math.sqrt(dot(r, r))
            m = 7700 * math.pi * length * d * d / 4
            i_axis, i_across = m * d * d / 8, m * (length * length + 3 * d * d / 4) / 12
            u = [x / length for x in r]
            inertia = [[i_across * ((i == j) - u[i] * u[j]) + i_axis * u[i] * u[j] for j in range(3)] for i in range(3)]
            rcm = [x / 2 for x in r]
            T = [[val("%s.frame_a.R.T[%d,%d]" % (name, i, j)) for j in (1, 2, 3)] for i in (1, 2, 3)]
            w = [val("%s.body.w_a[%d]" % (name, i)) for i in (1, 2, 3)]
            v0 = [val("%s.v_0[%d]" % (name, i)) for i in (1, 2, 3)]
            r0 = [val("%s.r_0[%d]" % (name, i)) for i in (1, 2, 3)]
            tw = cross(w, rcm)
            vcm = [v0[k] + sum(T[i][k] * tw[i] for i in range(3)) for k in range(3)]
            ycm = r0[1] + sum(T[i][1] * rcm[i] for i in range(3))
            e += m / 2 * dot(vcm, vcm) + dot(w, [dot(inertia[i], w) for i in range(3)]) / 2 + m * G * ycm
        energies.append(e)
        for i in (1, 2, 3):
            for j in (1, 2, 3):
                gap = max(gap, abs(val("j2.frame_a.R.T[%d,%d]" % (i, j)) - (i == j)))
            gap = max(gap, abs(val("j2.frame_a.r_0[%d]" % i) - (1.2 if i == 1 else 0.0)))
    drift = max(abs(e - energies[0]) for e in energies)
    print("Fourbar1: energy %.9g, moves by %.3g over %d rows; the cut opens by %.3g" %
          (energies[0], drift, len(energies), gap))
    if not drift <= etol or not gap <= ctol:
        print("FAIL: beyond %g (energy) or %g (cut)" % (etol, ctol))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
