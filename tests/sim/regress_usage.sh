#!/usr/bin/env bash
# mo2c regress: usage errors exit 2 with a message; a batch with a failing model exits 1 (the pass case,
# exit 0, is tests/sim/regress_pass.sh). Needs no working back end: the models here have no source.
set -u
: "${MO2C:=$PWD/build/mo2c}" "${OUT:=$PWD/tests/out}"
D=$OUT/regress_usage
rm -rf "$D"; mkdir -p "$D/lay/P/M1"
printf 'time\nx\n' > "$D/lay/P/M1/comparisonSignals.txt"
printf '"time","x"\n0,1\n1,1\n' > "$D/lay/P/M1/M1.csv"
mkdir -p "$D/empty"
status=0
expect() { # code message-substring args...
    local code=$1 msg=$2; shift 2
    local out; out=$("$MO2C" regress "$@" 2>&1); local rc=$?
    if [ $rc -ne "$code" ] || ! grep -qF -- "$msg" <<<"$out"; then
        echo "FAIL: mo2c regress $*: exit $rc (expected $code), output:"; echo "$out" | head -5; status=1
    else echo "ok   mo2c regress $* -> $code"; fi
}
expect 2 "no directory given"
expect 2 "unknown option '--bogus'" "$D/lay" --bogus
expect 2 "'$D/nonexistent' is not a directory" "$D/nonexistent"
expect 2 "-j wants a positive number of jobs, not '0'" "$D/lay" -j 0
expect 2 "--shard wants K/N with 1 <= K <= N, not '0/3'" "$D/lay" --shard 0/3
expect 2 "--shard wants K/N with 1 <= K <= N, not '4/3'" "$D/lay" --shard 4/3
expect 2 "--shard wants K/N with 1 <= K <= N, not '1/0'" "$D/lay" --shard 1/0
expect 2 "--shard wants K/N with 1 <= K <= N, not '1/3x'" "$D/lay" --shard 1/3x
expect 2 "--tol wants a positive number, not '-1'" "$D/lay" --tol -1
expect 2 "--report wants FILE.md or FILE.html, not 'r.txt'" "$D/lay" --report r.txt
expect 2 "--junit needs an argument" "$D/lay" --junit
expect 2 "no models" "$D/empty"
expect 0 "usage: mo2c regress DIR..." --help
expect 1 "FAIL    P.M1: model not found" "$D/lay"
expect 1 "0 passed, 1 failed" "$D/lay" -j1 --tol=0.01
exit $status
