#!/usr/bin/env bash
# An external "FORTRAN 77" function (tests/models/FortranSolve.mo: LAPACK's dgesv, as the MSL declares
# it): every argument by address, the matrices in column-major order (A is not symmetric). X solves
# A X = B, B = A {{1, 0}, {t, 1}, {2, -1}}, so X is that matrix (closed form, within 1e-9), info = 0.
# The emitted C compiles without warnings. Skipped where no LAPACK is installed (-llapack).
source tests/ref/lib.sh
D=$OUT/external_fortran
rm -rf "$D"; mkdir -p "$D"
printf 'int main(void) { return 0; }\n' > "$D/probe.c"
cc -o "$D/probe" "$D/probe.c" -llapack 2>/dev/null || { echo "no LAPACK (-llapack)"; exit 77; }
"$MO2C" tests/models/FortranSolve.mo -o "$D/FortranSolve" || { echo "mo2c failed"; exit 1; }
simulate "$D" FortranSolve -outputFormat=csv -r=res.csv '-variableFilter=x.*|info' || exit 1
status=0
for c in "x[1] 1" "x[2] 0" "x[3] t" "x[4] 1" "x[5] 2" "x[6] -1" "info 0"; do
    set -- $c
    closed_form "$D/res.csv" "$1" "$2" 1e-9 || status=1
done
"$MO2C" --emit-c tests/models/FortranSolve.mo -o "$D/FortranSolve.c" || exit 1
grep -q "extern void dgesv_(int \*, int \*, double \*, int \*, int \*, double \*, int \*, int \*);" "$D/FortranSolve.c" ||
    { echo "FAIL: the prototype of dgesv_"; grep -n "dgesv_(" "$D/FortranSolve.c" | head -3; status=1; }
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/FortranSolve.o" "$D/FortranSolve.c" || status=1
exit $status
