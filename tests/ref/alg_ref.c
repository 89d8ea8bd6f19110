/*
 * alg_ref.c - the closed form of tests/models/Algorithms.mo's Main (tests/sim/algorithms.sh):
 *     alg_ref OUT.csv STOP N     writes N + 1 rows at t = k * STOP / N
 * x' = -a with a = 2 x, x(0) = 1: x = exp(-2 t); b = a + 1; n = the samples 0.05 + 0.1 j <= t;
 * c = [t > 0.33] + [t > 0.66]; k, r: halve 1 + t until it is at most 0.0131; m: the first i with
 * i^2 > 7 t; p, q = sin t, cos t; u = {2 t, t}; z = 3 + t; e' = -(2^2 + 1) e, e(0) = 1: e = exp(-5 t).
 *     alg_ref trap OUT.csv       the MSL blocks of tests/sim/algorithms.sh's second model, over [0, 2]
 *                                in 500 steps: Trapezoid (startTime 0.1, period 1, rising 0.2, width
 *                                0.3, falling 0.2, amplitude 2) and Pulse (startTime 0.05, period 0.5,
 *                                width 40 %, amplitude 1), as their documentation defines them
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int trap(const char *out)
{
    FILE *f = fopen(out, "w");
    if (!f)
        return 2;
    fprintf(f, "time,tr.y,pu.y\n");
    for (int i = 0; i <= 500; i++) {
        double t = 2.0 * i / 500, tr = 0, pu = 0;
        if (t >= 0.1) {
            double s = fmod(t - 0.1, 1.0);
            tr = s < 0.2 ? 2 * s / 0.2 : s < 0.5 ? 2 : s < 0.7 ? 2 * (0.7 - s) / 0.2 : 0;
        }
        if (t >= 0.05)
            pu = fmod(t - 0.05, 0.5) < 0.2 ? 1 : 0;
        fprintf(f, "%.17g,%.17g,%.17g\n", t, tr, pu);
    }
    return fclose(f) != 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "trap"))
        return trap(argv[2]);
    if (argc != 4) {
        fprintf(stderr, "usage: alg_ref OUT.csv STOP N\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "w");
    double stop = atof(argv[2]);
    int n = atoi(argv[3]);
    if (!f || n <= 0)
        return 2;
    fprintf(f, "time,x,a,b,n,c,k,r,m,p,q,u[1],u[2],z,e\n");
    for (int i = 0; i <= n; i++) {
        double t = stop * i / n, x = exp(-2 * t), r = 1 + t;
        int ns = 0, k = 0, m = 0;
        for (int j = 0; 0.05 + 0.1 * j <= t; j++)
            ns++;
        while (r > 0.0131) {
            r /= 2;
            k++;
        }
        for (int q = 1; q <= 10 && !m; q++)
            if (q * q > 7 * t)
                m = q;
        fprintf(f, "%.17g,%.17g,%.17g,%.17g,%d,%d,%d,%.17g,%d,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", t, x,
                2 * x, 2 * x + 1, ns, (t > 0.33) + (t > 0.66), k, r, m, sin(t), cos(t), 2 * t, t, 3 + t, exp(-5 * t));
    }
    return fclose(f) != 0;
}
