#!/usr/bin/env python3
"""Reference for tests/sim/fft.sh: the discrete Fourier transform, summed term by term with Python's
cmath, of the signal of tests/models/FFTKnown.mo sampled as Modelica.Blocks.Math.RealFFT samples it
(ns = 80 points from t = 0.01 every 1/400 s), in the MSL's convention for realFFT: the first
amplitude is the mean, amplitude i > 1 is |X_(i-1)| / (ns/2 + 1) for the transform X of the signal
minus its mean (as the MSL's C-Sources/ModelicaFFT.c divides, by nf = ns/2 + 1: 2.5 % less than the
amplitude of a sine, 2 |X| / ns, that realFFT's documentation describes), phase i the argument of
X_(i-1) in degrees (0 for the mean and where the amplitude is below 1e-4 of the largest). Compares with the MAT file that realFFTwriteToFile wrote (argv[1]: a
MAT v4 matrix of 3 nf rows, each frequency as the rows {f, 0, 0; f, amplitude, phase; f, 0, 0}).
Exit 0 when every value agrees to 1e-9 (relative to the largest amplitude; phases to 1e-6 degrees
where the amplitude is above 1e-6), else prints the differences and exits 1."""
import cmath
import math
import struct
import sys

ns, nf, t0, dt, f_res = 80, 9, 0.01, 1.0 / 400, 5.0


def u(t):
    return (2 + 3 * math.sin(2 * math.pi * 10 * t) + 1.5 * math.cos(2 * math.pi * 25 * t + 0.3)
            + 0.7 * math.sin(2 * math.pi * 17 * t))


x = [u(t0 + k * dt) for k in range(ns)]
mean = sum(x) / ns
amp, ph = [mean], [0.0]
for i in range(1, nf):
    X = sum((x[k] - mean) * cmath.exp(-2j * math.pi * i * k / ns) for k in range(ns))
    amp.append(abs(X) / (ns // 2 + 1))
    ph.append(math.degrees(cmath.phase(X)))
amax = max(amp[1:])
for i in range(1, nf):
    if amp[i] < 1e-4 * amax:
        ph[i] = 0.0

data = open(sys.argv[1], 'rb').read()
mtype, rows, cols, imag, namelen = struct.unpack('<5i', data[:20])
if mtype != 0 or rows != 3 * nf or cols != 3 or imag != 0:
    print('unexpected MAT header: type %d, %d x %d, imag %d' % (mtype, rows, cols, imag))
    sys.exit(1)
off = 20 + namelen
m = struct.unpack('<%dd' % (rows * cols), data[off:off + 8 * rows * cols])
bad = 0
for i in range(nf):
    r = 3 * i + 1   # the middle row of frequency i
    f, a, p = m[r], m[rows + r], m[2 * rows + r]
    if abs(f - i * f_res) > 1e-9 or abs(a - amp[i]) > 1e-9 * max(1, amax) or \
            (amp[i] > 1e-6 and abs((p - ph[i] + 180) % 360 - 180) > 1e-6):
        print('frequency %g: file has f=%.12g amplitude %.12g phase %.9g, reference f=%g amplitude %.12g phase %.9g'
              % (i * f_res, f, a, p, i * f_res, amp[i], ph[i]))
        bad = 1
sys.exit(bad)
