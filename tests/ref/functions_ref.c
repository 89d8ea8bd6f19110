/*
 * functions_ref.c - the reference trajectory of tests/models/Functions.mo (model Functions.Main),
 * computed outside mo2c from the closed forms of its variables:
 *     x = exp(sin t)               (der(x) = cos(t) x, x(0) = 1)
 *     r = sqrt(x)                  p = 1 + t/2 + t^2/2 + t^3/8      (poly with c2 = 0.5)
 *     s = x + 2, q = 2 x           z = (cos t, sin t), w = z^2 = (cos 2t, sin 2t)
 *
 *   functions_ref OUT.csv STOP N     write N + 1 rows at t = STOP * i / N
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: functions_ref OUT.csv STOP N\n");
        return 2;
    }
    double stop = atof(argv[2]);
    int n = atoi(argv[3]);
    FILE *f = fopen(argv[1], "w");
    if (!f || n < 1)
        return 1;
    fprintf(f, "\"time\",\"x\",\"r\",\"p\",\"s\",\"q\",\"z.re\",\"z.im\",\"w.re\",\"w.im\"\n");
    for (int i = 0; i <= n; i++) {
        double t = stop * i / n, x = exp(sin(t));
        fprintf(f, "%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", t, x, sqrt(x),
                1 + t / 2 + t * t / 2 + t * t * t / 8, x + 2, 2 * x, cos(t), sin(t), cos(2 * t), sin(2 * t));
    }
    return fclose(f) == 0 ? 0 : 1;
}
