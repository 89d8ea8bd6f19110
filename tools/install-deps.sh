#!/usr/bin/env bash
# Installs what mo2c needs on a Debian machine, when it is missing: a C compiler, make, re2c, bison,
# GSL's development files, python3-scipy (tests read MAT files with it), LAPACK (the MSL's Matrices.LAPACK
# functions link it), SuiteSparse's KLU (static) and
# SUNDIALS' CVODE and IDA (static). Debian's libsundials-dev depends on MPI, PETSc, hypre, gfortran and
# cmake (140 packages), and its split runtime packages have no headers (libsundials-sunlinsol3 alone pulls
# PETSc, 64 packages), so the script downloads the one 1 MB libsundials-dev archive and unpacks only its
# headers and the three static libraries the runtime merges (libsundials_cvode.a, libsundials_ida.a,
# libsundials_sunlinsolklu.a) into /usr/local; a full libsundials-dev works as well. Measured on a machine
# that had the rest: libsuitesparse-dev (17 packages) 6.8 s, SUNDIALS' download and unpacking 6.5 s
# (apt-get update included). `install-deps.sh fuzz` (which
# make fuzz runs) also installs clang with its libFuzzer and sanitizer runtimes and binutils (ld -r and
# objcopy make the fuzz targets). Uses apt-get (through sudo when not root). Does nothing when all is
# there.
set -eu
need=()
if [ "${1:-}" = fuzz ]; then
    probe=$(mktemp -d)
    trap 'rm -rf "$probe"' EXIT
    echo 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }' > "$probe/t.c"
    command -v clang >/dev/null 2>&1 &&
        clang -fsanitize=fuzzer,address,undefined -o "$probe/t" "$probe/t.c" >/dev/null 2>&1 ||
        need+=(clang libclang-rt-dev)
    { command -v ld && command -v objcopy; } >/dev/null 2>&1 || need+=(binutils)
fi
command -v cc    >/dev/null 2>&1 || need+=(gcc libc6-dev)
command -v make  >/dev/null 2>&1 || need+=(make)
command -v re2c  >/dev/null 2>&1 || need+=(re2c)
command -v bison >/dev/null 2>&1 || need+=(bison)
command -v python3 >/dev/null 2>&1 || need+=(python3)   # tests: reference generators, the MSL class list
[ -f /usr/include/gsl/gsl_odeiv2.h ] || need+=(libgsl-dev)
/usr/bin/python3 -c 'import scipy.io' >/dev/null 2>&1 || need+=(python3-scipy)   # tests: MAT files as scipy reads them
[ -f /usr/include/suitesparse/klu.h ] || need+=(libsuitesparse-dev)   # KLU, with its static libraries
ls /usr/lib/*/liblapack.so /usr/lib/liblapack.so 2>/dev/null | grep -q . || need+=(liblapack-dev)   # external "FORTRAN 77" (MSL Matrices.LAPACK)
sundials=1
for dir in /usr /usr/local; do
    [ -f $dir/include/cvode/cvode.h ] && [ -f $dir/include/sunlinsol/sunlinsol_klu.h ] && sundials=0
done
if [ ${#need[@]} -eq 0 ] && [ $sundials -eq 0 ]; then
    exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
if [ ${#need[@]} -gt 0 ]; then
    echo "mo2c: installing ${need[*]}"
    $sudo apt-get install -y -qq --no-install-recommends "${need[@]}"
fi
if [ $sundials -eq 1 ]; then
    echo "mo2c: installing SUNDIALS' headers and static CVODE, IDA and KLU solver into /usr/local"
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    (cd "$tmp" && apt-get download libsundials-dev >/dev/null 2>&1) || { echo "mo2c: apt-get download libsundials-dev failed" >&2; exit 1; }
    dpkg-deb -x "$tmp"/libsundials-dev_*.deb "$tmp/x"
    lib=$(dirname "$(ls "$tmp"/x/usr/lib/*/libsundials_cvode.a)")
    $sudo mkdir -p /usr/local/include /usr/local/lib
    for d in sundials cvode ida nvector sunmatrix sunlinsol sunnonlinsol; do
        $sudo cp -r "$tmp/x/usr/include/$d" /usr/local/include/
    done
    $sudo cp "$lib/libsundials_cvode.a" "$lib/libsundials_ida.a" "$lib/libsundials_sunlinsolklu.a" /usr/local/lib/
fi
