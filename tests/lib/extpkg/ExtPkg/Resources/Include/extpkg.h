/* the C functions of ExtPkg (tests/sim/external.sh) */
#ifndef EXTPKG_H
#define EXTPKG_H
#include <stddef.h>
double scale(double x, double k);
#endif
