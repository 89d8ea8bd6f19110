// Integer overflow inside function bodies (tests/sim/int_overflow.sh): fact(n) = n! fits in 32 bits up
// to n = 12 (479001600); 13! = 6227020800 does not. fib(n) fills an Integer array: fib(46) = 1836311903
// fits, fib(47) = 2971215073 does not. scaled(n) = n * 10^9 in an Integer vector: 2 * 10^9 fits, 3 * 10^9
// does not (3000000 * 1000).
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
  function neg
    input Integer n;
    output Integer r;
  algorithm
    r := -n;
  end neg;
end IntOverflowFn;
