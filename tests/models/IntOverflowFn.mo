// Integer overflow inside function bodies (tests/sim/int_overflow.sh): fact(n) = n! fits in 32 bits up
// to n = 12 (479001600); 13! = 6227020800 does not. fib(n) fills an Integer array: fib(46) = 1836311903
// fits, fib(47) = 2971215073 does not. scaled(n) = n * 10^9 in an Integer vector: 2 * 10^9 fits, 3 * 10^9
// does not (3000000 * 1000). sum and product of Integer vectors and sum over an iterator: the largest
// value that fits, then one more (2 * 10^9 + 147483648, 2 * 357913942 + 3 * 357913942 after 357913942,
// 1000000 * 2148). abs and div of Integers and integer() of a Real, in a function and in an equation:
// abs(-2147483647) and div(-2147483647, -1) fit, abs and div(., -1) of -2147483648 do not; integer(2147483647.5)
// fits, integer(2147483648.5) does not.
package IntOverflowFn
  function fact
    input Integer n;
    output Integer r = 1;
  algorithm
    for i in 2:n loop
      r := r * i;
    end for;
  end fact;
  function fib
    input Integer n;
    output Integer r;
  protected
    Integer f[n];
  algorithm
    f[1] := 1;
    f[2] := 1;
    for i in 3:n loop
      f[i] := f[i - 1] + f[i - 2];
    end for;
    r := f[n];
  end fib;
  model Fact
    Integer n = if time < 0.5 then 12 else 13;
    Integer f = fact(n);
  end Fact;
  model Fib
    Integer n = if time < 0.5 then 46 else 47;
    Integer f = fib(n);
  end Fib;
  model Negate "-n of the least Integer overflows too"
    parameter Integer m = -2147483647;
    Integer n = if time < 0.5 then m else m - 1;
    Integer f = neg(n);
  end Negate;
  function scaled "an Integer vector times 1000, three times: element by element"
    input Integer n;
    output Integer r;
  protected
    Integer v[3] = {1, 2, n};
  algorithm
    v := v * 1000;
    v := v * 1000;
    v := v * 1000;
    r := v[3];
  end scaled;
  model Vector
    Integer n = if time < 0.5 then 2 else 3;
    Integer f = scaled(n);
  end Vector;
  function sumv "sum of an Integer vector"
    input Integer n;
    output Integer r;
  protected
    Integer v[3] = {1000000000, 1000000000, n};
  algorithm
    r := sum(v);
  end sumv;
  model SumArray
    Integer n = if time < 0.5 then 147483647 else 147483648;
    Integer f = sumv(n);
  end SumArray;
  function sumi "sum over an iterator"
    input Integer n;
    output Integer r;
  algorithm
    r := sum(i * n for i in 1:3);
  end sumi;
  model SumIterator
    Integer n = if time < 0.5 then 357913941 else 357913942;
    Integer f = sumi(n);
  end SumIterator;
  function prodv "product of an Integer vector"
    input Integer n;
    output Integer r;
  protected
    Integer v[3] = {1000, 1000, n};
  algorithm
    r := product(v);
  end prodv;
  model ProductArray
    Integer n = if time < 0.5 then 2147 else 2148;
    Integer f = prodv(n);
  end ProductArray;
  function neg
    input Integer n;
    output Integer r;
  algorithm
    r := -n;
  end neg;
  function iabs
    input Integer n;
    output Integer r;
  algorithm
    r := abs(n);
  end iabs;
  model AbsFn
    Integer n = if time < 0.5 then -2147483647 else -2147483647 - 1;
    Integer f = iabs(n);
  end AbsFn;
  model Abs
    Integer n = if time < 0.5 then -2147483647 else -2147483647 - 1;
    Integer f = abs(n);
  end Abs;
  function idiv
    input Integer n;
    input Integer m;
    output Integer r;
  algorithm
    r := div(n, m);
  end idiv;
  model DivFn
    Integer n = if time < 0.5 then -2147483647 else -2147483647 - 1;
    Integer f = idiv(n, -1);
  end DivFn;
  model Div
    Integer n = if time < 0.5 then -2147483647 else -2147483647 - 1;
    Integer f = div(n, -1);
  end Div;
  function iint
    input Real x;
    output Integer r;
  algorithm
    r := integer(x);
  end iint;
  model IntegerFn
    Integer n = if time < 0.5 then 0 else 1;
    Integer f = iint(2147483647.5 + n);
  end IntegerFn;
  model Integer_
    Integer n = if time < 0.5 then 0 else 1;
    Integer f = integer(2147483647.5 + n);
  end Integer_;
  function matsq "the square of an Integer matrix, element [1, 1]"
    input Integer n;
    output Integer r;
  protected
    Integer A[2, 2] = [n, 1; 1, n];
    Integer B[2, 2];
  algorithm
    B := A * A;
    r := B[1, 1];
  end matsq;
  model MatMul
    Integer n = if time < 0.5 then 46340 else 46341;
    Integer f = matsq(n);
  end MatMul;
  function dot "the scalar product of an Integer vector with itself"
    input Integer n;
    output Integer r;
  protected
    Integer v[2] = {n, 1000};
  algorithm
    r := v * v;
  end dot;
  model Dot
    Integer n = if time < 0.5 then 46330 else 46331;
    Integer f = dot(n);
  end Dot;
end IntOverflowFn;
