#!/usr/bin/env bash
# Arrays in an algorithm section's when-clause (tests/models/AlgBuffer.mo: a buffer filled one element per
# sample through a run-time index, its running sums by a function with array outputs) stay small in the
# C (codegen_alg.c): the store through the index is one computed slot, not a switch over the elements;
# the discrete arrays' pre values are copied by a loop; the whole buffer passes to the function as its
# own storage; the array output goes into the array by a loop. The C of n = 2000 must be under 100 KB
# (it was about 400 KB, growing with n) and the values at the end match the closed forms: after j = 100
# samples k = 100, buf[i] = i/2 for i <= 100 and 0 after, cum[i] = (i (i + 1) / 4 up to i = 100, then
# 2525) and s = 2525; m = -buf[1] = -0.5.
source tests/ref/lib.sh
D=$OUT/alg_arrays; rm -rf "$D"; mkdir -p "$D"
status=0
sed 's/n = 500/n = 2000/' tests/models/AlgBuffer.mo > "$D/AlgBuffer.mo"
"$MO2C" --emit-c "$D/AlgBuffer.mo" -o "$D/big.c" || exit 1
size=$(stat -c %s "$D/big.c")
[ "$size" -lt 100000 ] || { echo "FAIL: the C of n = 2000 is $size bytes"; status=1; }
grep -q 'switch (' "$D/big.c" && { echo "FAIL: the store through the index is a switch"; status=1; }
grep -q -- '--d->pre' "$D/big.c" && { echo "FAIL: a pre value is decremented"; status=1; }
"$MO2C" tests/models/AlgBuffer.mo -o "$D/ab" || exit 1
simulate "$D" ab -r=res.csv -outputFormat=csv || exit 1
for n in 500 2000; do
    [ $n = 2000 ] && { "$MO2C" "$D/AlgBuffer.mo" -o "$D/ab2" && simulate "$D" ab2 -r=res2.csv -outputFormat=csv || { status=1; continue; }; }
    f=$D/res.csv; [ $n = 2000 ] && f=$D/res2.csv
    awk -F, -v n=$n 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { last = $0 }
        END { split(last, v, ",")
              bad = 0
              chk("k", 100); chk("s", 2525); chk("m", -0.5)
              for (i = 1; i <= n; i += 37) { chk("buf[" i "]", i <= 100 ? i / 2 : 0); chk("cum[" i "]", i <= 100 ? i * (i + 1) / 4 : 2525) }
              chk("buf[" n "]", 0); chk("cum[" n "]", 2525)
              exit bad }
        function chk(name, want,   col, d) { col = c["\"" name "\""]; if (!col) { print "FAIL: no column " name; bad = 1; return }
              d = v[col] - want; if (d < 0) d = -d
              if (d > 1e-9) { print "FAIL: n = " n ": " name " = " v[col] ", closed form " want; bad = 1 } }' "$f" || status=1
done
[ $status = 0 ] && echo "ok   AlgBuffer: C of n = 2000 is $size bytes; values at the end match the closed forms"
exit $status
