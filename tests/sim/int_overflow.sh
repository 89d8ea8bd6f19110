#!/usr/bin/env bash
# Integers are 32-bit machine integers in the generated code (spec 4.9.2), their +, - and * checked for
# overflow (tests/models/IntOverflow.mo): n = pre(n) * 100 at each sample from n = 1 is 100, 10^4,
# 10^6, 10^8 at t = 0, 0.1, 0.2, 0.3, and 10^10 at t = 0.4 overflows: the run stops there with a message
# naming the operation, the equation and the time, exit status 1, the rows before kept. Until then
# k = 3, 6, 9, 12 and m = 2k - 1 = 5, 11, 17, 23 drive der(x) = m: x(t) = 0.1 * (5 + ... ) + m (t - t_k),
# by hand.
# The same in function bodies (tests/models/IntOverflowFn.mo), the message naming the statement and the
# function: fact(12) = 479001600 for t < 0.5, then 13! overflows at t = 0.5 (479001600 * 13); fib(46) =
# 1836311903, then fib(47) overflows in an element of an Integer array (1836311903 + 1134903170); an
# Integer vector times 1000 (element by element) overflows at 3 * 10^9 (3000000 * 1000); sum and product
# of Integer vectors and a sum over an iterator overflow one past their largest value; -n of
# -2147483648 overflows; so do abs(-2147483648), div(-2147483648, -1) and integer(2147483648.5), in a
# function and in an equation (whose message names the file by its name only); so do the matrix product
# of Integer matrices (46341^2) and the scalar product of Integer vectors (46331^2 + 10^6) in a function.
D=$OUT/int_overflow; rm -rf "$D"; mkdir -p "$D"
cp tests/models/IntOverflow.mo "$D/" && (cd "$D" && "$MO2C" IntOverflow.mo -o io) || exit 1
out=$(cd "$D" && ./io -r=io.csv 2>&1); rc=$?
want="error: at time 0.4: Integer overflow: 100000000 * 100 is outside the Integer range -2147483648..2147483647 in equation IntOverflow.mo:11: n = ..."
[ $rc = 1 ] || { echo "FAIL: exit status $rc, expected 1: $out"; exit 1; }
grep -qxF "$want" <<<"$out" || { echo "FAIL: the message was: $out"; exit 1; }
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { t = $1; e = t * 10 - int(t * 10 + 0.5); if (e < 0) e = -e
      if (t > 0 && e < 1e-9) next                          # an event row: the values before or after it
      j = int(t * 10); if (j > 3) j = 3                    # the sample interval t lies in
      n = 100 ^ (j + 1); k = 3 * (j + 1); m = 2 * k - 1
      x = 0; for (i = 0; i < j; i++) x += 0.1 * (2 * 3 * (i + 1) - 1); x += m * (t - 0.1 * j)
      if ($c["\"n\""] != n || $c["\"k\""] != k || $c["\"m\""] != m) { printf "FAIL: t=%s: n %s k %s m %s\n", t, $c["\"n\""], $c["\"k\""], $c["\"m\""]; bad = 1; exit }
      d = $c["\"x\""] - x; if (d < 0) d = -d; if (d > 1e-6) { printf "FAIL: t=%s: x %s, by hand %s\n", t, $c["\"x\""], x; bad = 1; exit }
      last = t }
    END { if (bad) exit 1; if (last < 0.39) { print "FAIL: the rows end at " last; exit 1 } }' "$D/io.csv" || exit 1
F=tests/models/IntOverflowFn.mo
range="is outside the Integer range -2147483648..2147483647 in equation $F"
for c in "Fact|12,479001600|479001600 * 13 $range:15: r := r * i (function IntOverflowFn.fact)" \
         "Fib|46,1836311903|1836311903 + 1134903170 $range:27: f[i] := f[i - 1] + f[i - 2] (function IntOverflowFn.fib)" \
         "Vector|2,2000000000|3000000 * 1000 $range:52: v := v * 1000 (function IntOverflowFn.scaled)" \
         "SumArray|147483647,2147483647|2000000000 + 147483648 $range:65: r := sum(v) (function IntOverflowFn.sumv)" \
         "SumIterator|357913941,2147483646|1073741826 + 1073741826 $range:75: r := sum(i * n for i in 1:3) (function IntOverflowFn.sumi)" \
         "ProductArray|2147,2147000000|1000000 * 2148 $range:87: r := product(v) (function IntOverflowFn.prodv)" \
         "Negate|-2147483647,2147483647|0 - -2147483648 $range:97: r := -n (function IntOverflowFn.neg)" \
         "AbsFn|-2147483647,2147483647|abs(-2147483648) $range:103: r := abs(n) (function IntOverflowFn.iabs)" \
         "Abs|-2147483647,2147483647|abs(-2147483648) ${range/$F/IntOverflowFn.mo}:111: f = abs(n)" \
         "DivFn|-2147483647,2147483647|div(-2147483648, -1) $range:118: r := div(n, m) (function IntOverflowFn.idiv)" \
         "Div|-2147483647,2147483647|div(-2147483648, -1) ${range/$F/IntOverflowFn.mo}:126: f = div(n, -1)" \
         "IntegerFn|0,2147483647|integer(2147483648.5) $range:132: r := integer(x) (function IntOverflowFn.iint)" \
         "Integer_|0,2147483647|integer(2147483648.5) ${range/$F/IntOverflowFn.mo}:140: f = integer(2147483647.5 + n)" \
         "MatMul|46340,2147395601|46341 * 46341 $range:149: B := A * A (function IntOverflowFn.matsq)" \
         "Dot|46330,2147468900|2146561561 + 1000000 $range:162: r := v * v (function IntOverflowFn.dot)"; do
    IFS='|' read -r m row msg <<<"$c"
    "$MO2C" "$F" "IntOverflowFn.$m" -o "$D/$m" || { echo "FAIL: mo2c $m"; exit 1; }
    out=$(cd "$D" && "./$m" -r="$m.csv" 2>&1); rc=$?
    [ $rc = 1 ] || { echo "FAIL: $m: exit status $rc, expected 1: $out"; exit 1; }
    [ "$out" = "error: at time 0.5: Integer overflow: $msg" ] || { echo "FAIL: $m said: $out"; exit 1; }
    # every row before the event: the values that fit
    awk -F, -v want="$row" -v m="$m" 'NR > 1 { if ($2 "," $3 != want) { print "FAIL: " m ": row " $0 ", expected " want; bad = 1; exit } }
        END { if (NR < 2) { print "FAIL: " m ": no rows"; bad = 1 }; exit bad }' "$D/$m.csv" || exit 1
done
