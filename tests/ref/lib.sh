# tests/ref/lib.sh - shared by tests/sim/{smd,pendulum,regress,function}_*.sh (sourced, not run).
# Builds the reference generators and the compare tool into $OUT/ref (the references are computed
# outside mo2c: tests/ref/*.c with GSL), and offers `simulate DIR EXE ARGS...`, which runs a simulator in
# DIR and insists on OpenModelica's success line.
set -u
: "${OUT:=$PWD/tests/out}" "${MO2C:=$PWD/build/mo2c}" "${BUILD:=$PWD/build}"
REFBIN=$OUT/ref
mkdir -p "$REFBIN"
REF_CFLAGS="-std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -O2 -Wall -Wextra -Icompiler/util -Icompiler/regress"
build_ref_tools() {
    for g in smd_ref pendulum_ref; do
        cc $REF_CFLAGS -o "$REFBIN/$g" "tests/ref/$g.c" -lgsl -lgslcblas -lm || return 1
    done
    cc $REF_CFLAGS -o "$REFBIN/csvcmp" tests/ref/csvcmp.c compiler/regress/tube.c compiler/util/base.c -lm || return 1
}
# build_ref NAME [SOURCE...]: a reference program of tests/ref (NAME.c and the other sources given) into
# $REFBIN/NAME, with the pedantic warnings as errors
build_ref() {
    local name=$1; shift
    cc $REF_CFLAGS -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Werror -o "$REFBIN/$name" \
        "tests/ref/$name.c" "$@" -lgsl -lgslcblas -lm
}
# simulate DIR EXE ARGS... : run DIR/EXE from DIR; fail unless it exits 0 and prints the success line
simulate() {
    local dir=$1 exe=$2; shift 2
    local log
    log=$(cd "$dir" && timeout 300 "./$exe" "$@" 2>&1); local rc=$?
    if [ $rc -ne 0 ] || ! grep -q "The simulation finished successfully." <<<"$log"; then
        echo "simulation $exe $* failed (exit $rc):"; echo "$log" | head -20; return 1
    fi
}
# build_sim FILE PACKAGE NAME [SIMULATOR ARGS...]: PACKAGE.NAME of FILE compiled into $D/NAME and simulated
# into $D/NAME.csv
build_sim() {
    local file=$1 pkg=$2 name=$3; shift 3
    "$MO2C" "$file" "$pkg.$name" -o "$D/$name" || { echo "mo2c failed on $name"; return 1; }
    simulate "$D" "$name" "$@" -r="$name.csv"
}
# closed_form CSV COLUMN AWK_EXPR TOL : every row of column COLUMN (a quoted name in the header) is within
# TOL of AWK_EXPR, an awk expression in t (the row's time); prints the worst row when not
closed_form() {
    awk -F, -v col="\"$2\"" -v tol="$4" '
        NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i; if (!c) { print "no column " col; exit 2 } next }
        { t = $1; want = '"$3"'; d = $c - want; if (d < 0) d = -d; if (d > worst) { worst = d; wt = t; wv = $c; ww = want } }
        END { if (c && worst > tol) { printf "FAIL: %s at t=%s is %s, closed form %s\n", col, wt, wv, ww; exit 1 } }' "$1"
}
# asan_sim DIR NAME : DIR/NAME.c (an emitted simulator) compiled with the address and undefined-behaviour
# sanitizers and linked with the runtime's sources so compiled (their objects made once per DIR) into
# DIR/NAME_asan
SAN_CFLAGS="-std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -Iruntime"
asan_sim() {
    local dir=$1 name=$2 f o rt=()
    for f in runtime/*.c; do
        o="$dir/rt_$(basename "$f" .c).o"
        [ -f "$o" ] || cc $SAN_CFLAGS -w -c -o "$o" "$f" || return 1
        rt+=("$o")
    done
    rt+=("$BUILD/libmo2crt.a")   # SUNDIALS and KLU (merged into it), for solver_sundials.o
    cc $SAN_CFLAGS -c -o "$dir/${name}_asan.o" "$dir/$name.c" || return 1
    cc -fsanitize=address,undefined -o "$dir/${name}_asan" "$dir/${name}_asan.o" "${rt[@]}" -lgsl -lgslcblas -lm
}
