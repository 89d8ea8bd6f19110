# common.sh - helpers for the runtime's simulation tests (tests/sim/rt_*.sh source this file).
# Builds the hand-written models of tests/rt/ against build/libmo2crt.a (cached in $OUT/rt), gives each
# script a scratch directory to run the simulators in, and reads CSV columns by name with awk.
set -u
ROOT=${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
BUILD=${BUILD:-$ROOT/build}
OUT=${OUT:-$ROOT/tests/out}
RT=$OUT/rt
mkdir -p "$RT"

fail() { echo "FAIL: $*"; exit 1; }

# rt_build NAME SOURCE [CFLAGS...]: compile tests/rt/SOURCE into $RT/NAME unless it is up to date.
rt_build() {
    local name=$1 src=$ROOT/tests/rt/$2
    shift 2
    local exe=$RT/$name
    if [ ! -x "$exe" ] || [ "$src" -nt "$exe" ] || [ "$BUILD/libmo2crt.a" -nt "$exe" ] ||
        [ "$ROOT/runtime/mo2c_rt.h" -nt "$exe" ] || [ "$ROOT/tests/rt/common.sh" -nt "$exe" ]; then
        cc -std=c11 -O2 -Wall -Wextra -Wpedantic -Werror -I"$ROOT/runtime" "$@" -o "$exe" "$src" \
            "$BUILD/libmo2crt.a" -lgsl -lgslcblas -lm || fail "cannot build $name from $src"
    fi
    echo "$exe"
}

# A fresh scratch directory for this script's result files; the script runs inside it.
rt_scratch() {
    local dir=$RT/$(basename "$1" .sh).d
    rm -rf "$dir"
    mkdir -p "$dir"
    cd "$dir" || fail "cannot enter $dir"
}

# csv_maxerr FILE COLUMN AWK_EXPR_OF_t: the largest |COLUMN - expr(t)| over the rows
csv_maxerr() {
    awk -F, -v col="$2" '
        NR == 1 { for (i = 1; i <= NF; i++) { n = $i; gsub(/"/, "", n); idx[n] = i }
                  if (!(col in idx)) { print "no column " col; exit 2 } next }
        { t = $1; e = $(idx[col]) - ('"$3"'); if (e < 0) e = -e; if (e > m) m = e }
        END { printf "%.3g\n", m }' "$1"
}

# le A B: A <= B for reals
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; }

# csv_times FILE: the time column, one per line
csv_times() { awk -F, 'NR > 1 { print $1 }' "$1"; }

# expect_error "MESSAGE" ARGS...: the simulator $OSC run with ARGS exits with status 1 (within 20 s and
# 1 GB of address space), MESSAGE is the first line of its stderr, and no Osc_res.csv is written
expect_error() {
    local want=$1; shift
    rm -f Osc_res.csv
    local err rc
    err=$(ulimit -v 1000000; timeout 20 "$OSC" "$@" 2>&1 >/dev/null); rc=$?
    [ $rc = 1 ] || fail "$*: exit status $rc, want 1"
    [ "$(head -1 <<<"$err")" = "$want" ] || fail "$*: stderr '$(head -1 <<<"$err")', want '$want'"
    [ ! -e Osc_res.csv ] || fail "$*: a result file was written"
}
