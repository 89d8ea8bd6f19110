#!/usr/bin/env bash
# Installs what mo2c needs on a Debian machine, when it is missing: a C compiler, make, re2c, bison,
# GSL's development files, python3-scipy (tests read MAT files with it). `install-deps.sh fuzz` (which
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
if [ ${#need[@]} -eq 0 ]; then
    exit 0
fi
echo "mo2c: installing ${need[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${need[@]}"
