#!/usr/bin/env bash
# An external "FORTRAN 77" function (tests/models/FortranSolve.mo: LAPACK's dgesv, as the MSL declares
# it): every argument by address, the matrices in column-major order (A is not symmetric). X solves
# A X = B, B = A {{1, 0}, {t, 1}, {2, -1}}, so X is that matrix (closed form, within 1e-9), info = 0.
# CHARACTER arguments (tests/models/FortranSvd.mo: dgesvd with JOBU an input String, JOBVT a literal):
# the singular values of (1 + t) [3, 0; 4, 5] are (1 + t) {sqrt(45), sqrt(5)}; JOBU = "A" reached LAPACK
# when U's first column u1 is the eigenvector (1, 3)/sqrt(10) of A A' (up to its sign: u1[1] u1[2] = 0.3).
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
"$MO2C" tests/models/FortranSvd.mo -o "$D/FortranSvd" || { echo "mo2c failed"; exit 1; }
simulate "$D" FortranSvd -outputFormat=csv -r=svd.csv '-variableFilter=sigma.*|u1.*|info' || exit 1
for c in "sigma[1] (1+t)*sqrt(45)" "sigma[2] (1+t)*sqrt(5)" "info 0"; do
    set -- $c
    closed_form "$D/svd.csv" "$1" "$2" 1e-9 || status=1
done
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { p = $c["\"u1[1]\""] * $c["\"u1[2]\""]; if (p < 0.3 - 1e-9 || p > 0.3 + 1e-9) { print "FAIL: u1[1] u1[2] = " p " at t=" $1; exit 1 } }' \
    "$D/svd.csv" || status=1
"$MO2C" --emit-c tests/models/FortranSolve.mo -o "$D/FortranSolve.c" || exit 1
grep -q "extern void dgesv_(int \*, int \*, double \*, int \*, int \*, double \*, int \*, int \*);" "$D/FortranSolve.c" ||
    { echo "FAIL: the prototype of dgesv_"; grep -n "dgesv_(" "$D/FortranSolve.c" | head -3; status=1; }
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/FortranSolve.o" "$D/FortranSolve.c" || status=1
exit $status
