// Calls of user functions evaluated when the model is compiled, where a size or a choice needs their
// value (fneval.c): while loops over Integers with break (the shape of the MSL's
// FastFourierTransform.realFFTsamplePoints), for loops, if-statements, return, (a, b) := g(x), a call
// of another function, initial values of locals. The values, by hand:
//   samples(7, 1, 1): ns1 = 2*ceil(7) = 14, even; 14 -> 7 (not 2^i 3^j 5^k), 16 -> 1: 16
//   samples(10, 1, 3): ns1 = 2*ceil(30) = 60 = 2^2*3*5: 60
//   tri(4) = 1 + 2 + 3 + 4 = 10; firstOver(10, 3) = 4 (first k with 3^k > 10 is k = 3: 27; 1 + 3)
//   split(17): (a, b) = (div(17, 5), mod(17, 5)) = (3, 2)
model fn_eval_dims
  function samples
    input Real f_max;
    input Real f_res;
    input Integer factor = 5;
    output Integer ns;
  protected
    Integer ns1;
  algorithm
    assert(f_res > 0, "f_res > 0 required");
    ns1 := 2*integer(ceil(f_max*factor/f_res));
    ns := if mod(ns1, 2) == 0 then ns1 else ns1 + 1;
    while true loop
      ns1 := ns;
      while mod(ns1, 2) == 0 loop ns1 := div(ns1, 2); end while;
      while mod(ns1, 3) == 0 loop ns1 := div(ns1, 3); end while;
      while mod(ns1, 5) == 0 loop ns1 := div(ns1, 5); end while;
      if ns1 <= 1 then
        break;
      end if;
      ns := ns + 2;
    end while;
  end samples;
  function tri
    input Integer n;
    output Integer s = 0;
  algorithm
    for i in 1:n loop
      s := s + i;
    end for;
  end tri;
  function firstOver
    input Integer limit;
    input Integer base;
    output Integer k;
  protected
    Integer p = 1;
  algorithm
    for j in 0:100 loop
      if p > limit then
        k := j + 1;
        return;
      end if;
      p := p*base;
    end for;
    k := -1;
  end firstOver;
  function split
    input Integer n;
    output Integer a;
    output Integer b;
  algorithm
    (a, b) := divmod(n, 5);
  end split;
  function divmod
    input Integer n;
    input Integer d;
    output Integer q;
    output Integer r;
  algorithm
    q := div(n, d);
    r := mod(n, d);
  end divmod;
  parameter Integer n1 = samples(7, 1, 1);
  parameter Integer n2 = samples(10, 1, factor = 3);
  Real x[samples(7, 1, 1) - 14];
  Real y[tri(4) - firstOver(10, 3) - 4];
  Real z[split(17)];
  Real w[n2 - 58] = {10, 11};
equation
  if firstOver(10, 3) == 4 then
    x = {1, 2};
  else
    x = {3, 4};
  end if;
  y = {5, 6};
  z = {7, 8, 9};
end fn_eval_dims;
