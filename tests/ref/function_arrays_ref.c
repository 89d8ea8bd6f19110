/*
 * function_arrays_ref.c - the reference of tests/models/FunctionArrays.mo (model FunctionArrays.Main),
 * computed outside mo2c from the closed forms of its outputs, derived by hand from the functions:
 *     n = sqrt(14) t                 w = (2t, 4t, 6t)              y = (t + 2.5, 3t + 3.5)
 *     gs = 20 + 4t + t^2             gtr = 14 + t^2                rev = (3t, 2t, t)
 *     npos, spos: the positive ones of (t - 0.55, -1, 2, 0.25 - t)  ps = (1, 1 + t, 3 + t)
 *     sq = (t, 4t, 9t), sqs = 98 t^2, sqp = 36 t^3
 *     b = (3t + 6, 2.5t, 3t + 9, 100t - 10, -80 - t, 4t + 14, 5, 4 + t/4 + 2t)
 *     rs = t + 6, lo1 = 5, lo2 = -1
 *     nsplit = 4 + 10 #lo + 100 #hi + 1000 sum(hi), split at 0.45 of (0.2, t, 0.7, -1)
 *     nt = 1 + (t > 0.55), ro = 43 + 101t, A = [1, 2, t; 0, 0, 2t], p = 4t^2, vel = 8t
 *
 *   function_arrays_ref OUT.csv STOP N     write N + 1 rows at t = STOP * i / N
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: function_arrays_ref OUT.csv STOP N\n");
        return 2;
    }
    double stop = atof(argv[2]);
    int n = atoi(argv[3]);
    FILE *f = fopen(argv[1], "w");
    if (!f || n < 1)
        return 1;
    const char *names[] = {"time", "n", "w[1]", "w[2]", "w[3]", "y[1]", "y[2]", "gs", "gtr", "rev[1]", "rev[2]",
                           "rev[3]", "npos", "spos", "ps[1]", "ps[2]", "ps[3]", "sq[1]", "sq[2]", "sq[3]", "sqs",
                           "sqp", "b[1]", "b[2]", "b[3]", "b[4]", "b[5]", "b[6]", "b[7]", "b[8]", "rs", "lo1",
                           "lo2", "nsplit", "nt", "ro", "A[1,1]", "A[1,2]", "A[1,3]", "A[2,1]", "A[2,2]",
                           "A[2,3]", "p", "vel"};
    int ncols = (int)(sizeof names / sizeof names[0]);
    for (int c = 0; c < ncols; c++)
        fprintf(f, "%s\"%s\"", c ? "," : "", names[c]);
    fputc('\n', f);
    for (int i = 0; i <= n; i++) {
        double t = stop * i / n;
        double x[4] = {t - 0.55, -1, 2, 0.25 - t}, spos = 0;
        int npos = 0;
        for (int k = 0; k < 4; k++)
            if (x[k] > 0) {
                npos++;
                spos += x[k];
            }
        double e[4] = {0.2, t, 0.7, -1}, shi = 0;
        int nlo = 0, nhi = 0;
        for (int k = 0; k < 4; k++) {
            if (e[k] < 0.45) {
                nlo++;
            } else {
                nhi++;
                shi += e[k];
            }
        }
        double v[] = {t, sqrt(14) * t, 2 * t, 4 * t, 6 * t, t + 2.5, 3 * t + 3.5, 20 + 4 * t + t * t, 14 + t * t,
                      3 * t, 2 * t, t, npos, spos, 1, 1 + t, 3 + t, t, 4 * t, 9 * t, 98 * t * t, 36 * t * t * t,
                      3 * t + 6, 2.5 * t, 3 * t + 9, 100 * t - 10, -80 - t, 4 * t + 14, 5, 4 + t / 4 + 2 * t, t + 6,
                      5, -1, 4 + 10 * nlo + 100 * nhi + 1000 * shi, 1 + (t > 0.55), 43 + 101 * t, 1, 2, t, 0, 0,
                      2 * t, 4 * t * t, 8 * t};
        for (int c = 0; c < ncols; c++)
            fprintf(f, "%s%.17g", c ? "," : "", v[c]);
        fputc('\n', f);
    }
    return fclose(f) == 0 ? 0 : 1;
}
