/* The C side of ExtPkg (tests/sim/external.sh builds it into Resources/Library/libextpkg.a). */
#include "ModelicaUtilities.h"
#include "extpkg.h"

#include <stdlib.h>
#include <string.h>

double scale(double x, double k)
{
    return k * x;
}

/* the mean of u[i] weighted by w[i]; count: the elements with w[i] != 0; idx[i]: 10 * i + w[i] */
double extpkg_stats(const double *u, const int *w, size_t n, int *count, int *idx)
{
    double s = 0, sw = 0;
    *count = 0;
    for (size_t i = 0; i < n; i++) {
        s += w[i] * u[i];
        sw += w[i];
        *count += w[i] != 0;
        idx[i] = 10 * (int)i + w[i];
    }
    return s / sw;
}

double extpkg_checked(double x)
{
    if (x < 0)
        ModelicaFormatError("extpkg_checked: negative argument %g", x);
    return 2 * x;
}

const char *extpkg_greet(const char *name, int times)
{
    size_t n = strlen(name);
    char *s = ModelicaAllocateString(n * (size_t)times);
    for (int i = 0; i < times; i++)
        memcpy(s + (size_t)i * n, name, n);
    return s;
}

/* b = transpose(a) * c, a of m rows and n columns, row-major */
void extpkg_transpose(const double *a, size_t m, size_t n, double *b, double c)
{
    for (size_t i = 0; i < m; i++)
        for (size_t j = 0; j < n; j++)
            b[j * m + i] = c * a[i * n + j];
}

/* the external object ExtPkg.Scaler; live: how many exist */
typedef struct scaler { double k; char name[32]; } scaler;
static int live;

void *extpkg_scaler_new(double k, const char *name)
{
    scaler *s = malloc(sizeof *s);
    if (!s)
        ModelicaError("extpkg_scaler_new: out of memory");
    s->k = k;
    strncpy(s->name, name, sizeof s->name - 1);
    s->name[sizeof s->name - 1] = '\0';
    live++;
    return s;
}

double extpkg_scaler_apply(void *o, double x)
{
    return ((scaler *)o)->k * x;
}

void extpkg_scaler_free(void *o)
{
    scaler *s = o;
    ModelicaFormatMessage("freed %s (%d left)\n", s->name, --live);
    free(s);
}

int extpkg_tick(void)
{
    static int n;
    return ++n;
}
