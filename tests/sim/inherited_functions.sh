#!/usr/bin/env bash
# Functions a package inherits from a base whose constants its extends clause modifies
# (tests/models/InheritedFunctions.mo): Concrete.f(t) = 3 t + 10 + 5 reads Concrete's k, n and c, also
# through the call of g inside f; Other.f(t) = 2 t + 100 + 1; Concrete.g(2) = 16; Own.h(t) = 7 t, Own's
# own function reading the constant c its extends clause modifies (by hand). Before, the functions read
# the base's values (2 t + ..., 1 t: silently) or found no value ("unknown variable").
source tests/ref/lib.sh
D=$OUT/inherited_functions
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/InheritedFunctions.mo InheritedFunctions.M -o "$D/m" || exit 1
(cd "$D" && ./m -r=res.csv >/dev/null) || { echo "FAIL: the simulation"; exit 1; }
status=0
closed_form "$D/res.csv" y "3*t + 15" 1e-12 || status=1
closed_form "$D/res.csv" z "2*t + 101" 1e-12 || status=1
closed_form "$D/res.csv" w "16" 1e-12 || status=1
closed_form "$D/res.csv" v "7*t" 1e-12 || status=1
exit $status
