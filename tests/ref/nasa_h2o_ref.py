#!/usr/bin/env python3
"""Reference for tests/sim/media_idealgas.sh: the properties of water vapour as an ideal gas by the NASA
Glenn polynomials (McBride, Zehe, Gordon, NASA/TP-2002-211556: cp/R = a1/T^2 + a2/T + a3 + a4 T + a5 T^2 +
a6 T^3 + a7 T^4, S0/R = -a1/(2 T^2) - a2/T + a3 ln T + a4 T + a5 T^2/2 + a6 T^3/3 + a7 T^4/4 + b2, two
ranges split at 1000 K), with H2O's published coefficients, along the MSL example
Modelica.Media.Examples.IdealGasH2O: p = 1e5 Pa, T = 200 + 1000 t K, t in [0, 1] at the simulator's 500
intervals. s = S0(T) - R ln(p / 101325), cv = cp - R, k = cp / cv, a = sqrt(k R T). Prints a CSV."""
import math

R = 8.314472 / 0.01801528   # J/(kg K): the molar gas constant NASA/TP-2002-211556 uses, over H2O's molar mass
LOW = ([-39479.6083, 575.573102, 0.931782653, 0.00722271286, -7.34255737e-06, 4.95504349e-09,
        -1.336933246e-12], [-33039.7431, 17.24205775])
HIGH = ([1034972.096, -2412.698562, 4.64611078, 0.002291998307, -6.83683048e-07, 9.42646893e-11,
         -4.82238053e-15], [-13842.86509, -7.97814851])

def coeffs(T):
    return LOW if T < 1000 else HIGH

def cp(T):
    a, _ = coeffs(T)
    return R * (a[0] / T ** 2 + a[1] / T + a[2] + a[3] * T + a[4] * T ** 2 + a[5] * T ** 3 + a[6] * T ** 4)

def s0(T):
    a, b = coeffs(T)
    return R * (-a[0] / (2 * T ** 2) - a[1] / T + a[2] * math.log(T) + a[3] * T + a[4] * T ** 2 / 2
                + a[5] * T ** 3 / 3 + a[6] * T ** 4 / 4 + b[1])

print('"time","cp","cv","k","s","a"')
for i in range(501):
    t = i / 500
    T = 200 + 1000 * t
    c = cp(T)
    cv = c - R
    print(','.join('%.17g' % x for x in (t, c, cv, c / cv, s0(T) - R * math.log(1e5 / 101325),
                                         math.sqrt(c / cv * R * T))))
