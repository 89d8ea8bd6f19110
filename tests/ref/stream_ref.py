#!/usr/bin/env python3
"""Reference for tests/models/StreamVolumes.mo (tests/sim/stream.sh), derived by hand from the physics,
not from mo2c: a source pushes mdot = A + B sin(t) (backwards when negative) into volume v1 (mass 1),
which feeds two branches in parallel, a pipe of conductance k = 2 then a volume of mass 0.5, and k = 1
then mass 2, into a sink at pressure 0 whose enthalpy for backflow is 10; the source's enthalpy is 100.
The pipes split the flow 2:1 (m2 = 2 mdot / 3, m3 = mdot / 3). Each volume's enthalpy h follows
M h' = |m| (h_in - h), h_in the enthalpy flowing in: upstream of it. Integrated with RK4 between the
flow reversals (t = k pi when A = 0), 1e-4 steps. Also the enthalpy arriving at the sink (the mix
(m2 h2 + m3 h3) / mdot forward, the plain mean of h2 and h3 when nothing flows in: spec 15.2's
regularization with all weights zero), and actualStream at branch 2's inlet (h1 forward, h2 backward).
Usage: stream_ref.py A B OUT.csv"""
import math
import sys

A, B, out = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
H_SRC, H_SINK, M1, M2, M3 = 100.0, 10.0, 1.0, 0.5, 2.0


def mdot(t):
    return A + B * math.sin(t)


def rhs(t, y, forward):
    h1, h2, h3 = y
    m = mdot(t)
    m2, m3 = 2 * m / 3, m / 3
    if forward:
        return [m * (H_SRC - h1) / M1, m2 * (h1 - h2) / M2, m3 * (h1 - h3) / M3]
    return [-m * ((2 * h2 + h3) / 3 - h1) / M1, -m2 * (H_SINK - h2) / M2, -m3 * (H_SINK - h3) / M3]


def rk4(t, y, dt, forward):
    k1 = rhs(t, y, forward)
    k2 = rhs(t + dt / 2, [y[i] + dt / 2 * k1[i] for i in range(3)], forward)
    k3 = rhs(t + dt / 2, [y[i] + dt / 2 * k2[i] for i in range(3)], forward)
    k4 = rhs(t + dt, [y[i] + dt * k3[i] for i in range(3)], forward)
    return [y[i] + dt / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]) for i in range(3)]


STOP, GRID = 6.0, 0.1
# the reversals in [0, STOP] (A = 0 only: sin t changes sign at k pi), then the output points
breaks = [k * math.pi for k in range(1, 3) if A == 0 and k * math.pi < STOP]
t, y = 0.0, [20.0, 20.0, 20.0]
with open(out, "w") as f:
    f.write('"time","v1.h","b2.vol.h","b3.vol.h","sink.h_mix","b2.h_a"\n')
    for i in range(int(round(STOP / GRID)) + 1):
        target = i * GRID
        while t < target - 1e-12:
            end = min([target] + [b for b in breaks if b > t + 1e-12])
            n = max(1, int(math.ceil((end - t) / 1e-4)))
            dt = (end - t) / n
            forward = mdot(t + dt / 2) >= 0   # (the direction within a piece is constant)
            for _ in range(n):
                y = rk4(t, y, dt, forward)
                t += dt
            t = end
        m = mdot(t)
        h1, h2, h3 = y
        mix = (2 * h2 + h3) / 3 if m > 0 else (h2 + h3) / 2
        ha = h1 if m > 0 else h2
        f.write("%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n" % (target, h1, h2, h3, mix, ha))
