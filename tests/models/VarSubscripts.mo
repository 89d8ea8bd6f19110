// Subscripts known only at run time (specification 10.5): tests/sim/var_subscripts.sh.
package VarSubscripts
  type E = enumeration(a, b, c);

  // k cycles 1, 2, 3 at the samples 0.25 j; every other variable reads an element that k (or another
  // discrete variable) chooses, in equations, bindings, an algorithm and a when-equation.
  model Main
    Integer k(start = 1, fixed = true);
    Real x[3](each fixed = true, start = {1, 2, 3});
    Real y = x[k];
    Real z = der(x[k]) + 2 * x[k];
    Real s;
    Boolean b = time > 0.3;
    Real zb[Boolean] = {10, 20};
    Real w = zb[b];
    E e = if k == 1 then E.a elseif k == 2 then E.b else E.c;
    Real ze[E] = {100, 200, 300};
    Real ye = ze[e];
    Integer i2 = if time > 0.5 then 2 else 1;
    Real A[2, 3] = [1, 2, 3; 4, 5, 6];
    Real a2 = A[i2, k];
    Real col[2] = A[:, k];
    Integer v[3](each start = 0, each fixed = true);
    Integer m(start = 0, fixed = true);
  algorithm
    s := 0;
    for i in 1:3 loop
      s := s + (if i <= k then x[i] else 0);
    end for;
  equation
    der(x) = {-x[1], -2 * x[2], -3 * x[3]};
    when sample(0.25, 0.25) then
      k = if pre(k) >= 3 then 1 else pre(k) + 1;
      v = pre(v) + {1, 2, 3};
      m = pre(v[k]);
    end when;
  end Main;

  // An algebraic loop that solves for every element x[k] may choose: a linear system whose
  // coefficients k chooses.
  model Loop
    Integer k(start = 1, fixed = true);
    Real x[2];
  equation
    x[k] = time;
    x[1] + 2 * x[2] = 1;
    when time > 0.5 then
      k = 2;
    end when;
  end Loop;

  // k reaches 4 at t = 1: the run stops there, naming the reference, the index and the time.
  model OutOfRange
    Integer k = integer(3 * time) + 1;
    Real x[3] = {1, 2, 3};
    Real y = x[k];
  end OutOfRange;

  // x[k] := v with k known only at run time (an algorithm outside when-statements): the element k
  // chooses gets time, the others the zeros assigned before.
  model Assign
    Integer k(start = 1, fixed = true);
    Real x[3];
  algorithm
    x := zeros(3);
    x[k] := time;
  equation
    when sample(0.25, 0.25) then
      k = if pre(k) >= 3 then 1 else pre(k) + 1;
    end when;
  end Assign;

  // A ring buffer of the last 4 samples of sin(time), taken every 0.1 s from t = 0 by a when-statement;
  // the other elements keep their values (11.1.2: discrete outputs start from pre). The tick is a
  // Boolean variable true at the sample instants only (the MSL's DiscreteBlock.sampleTrigger).
  model Ring
    parameter Integer n = 4;
    Boolean tick = sample(0, 0.1);
    Integer j(start = 0, fixed = true);
    discrete Real buf[n](each start = -1, each fixed = true);
    Real last = if j > 0 then buf[j] else -1;
  algorithm
    when {tick} then
      j := mod(pre(j), n) + 1;
      buf[j] := sin(time);
    end when;
  end Ring;

  // k reaches 4 at t = 1: the assignment stops the run there, naming the target, the index and the time.
  model AssignOutOfRange
    Integer k = integer(3 * time) + 1;
    Real x[3];
  algorithm
    x := {1, 2, 3};
    x[k] := time;
  end AssignOutOfRange;

  // A memory of 3 words of 2 elements: at each sample j (t = 0.1 j) the word a = 1 + (j mod 3) gets
  // {j, -j} through a slice chosen at run time (the MSL's DLATRAM writes mem[addr, 1:n] := word), and
  // the word read is the one written last.
  model Memory
    Integer j(start = 0, fixed = true);
    Integer a(start = 1, fixed = true);
    discrete Real mem[3, 2](each start = 0, each fixed = true);
    discrete Real word[2](each start = 0, each fixed = true);
    Real w1[3] = mem[:, 1], w2[3] = mem[:, 2];   // (results: a CSV name of a matrix element holds a comma)
  algorithm
    when sample(0.1, 0.1) then
      j := pre(j) + 1;
      a := 1 + mod(j, 3);
      mem[a, :] := {j, -j};
      word := mem[a, 1:2];
    end when;
  end Memory;

  // x[k] read by the N equations of a for-equation (read through one variable, runindex.c), and under
  // the guard of an if-expression in two equations, where k - 1 is out of range while k = 1.
  model Repeated
    parameter Integer N = 2000;
    Integer k(start = 1, fixed = true);
    Real x[N](each start = 1, each fixed = true);
    Real y[N];
    Real g[2];
  equation
    for i in 1:N loop
      der(x[i]) = -x[i] * i / N;
      y[i] = x[k] * i;
    end for;
    for i in 1:2 loop
      g[i] = if k > 1 then x[k - 1] * i else -i;
    end for;
    when sample(0.25, 0.25) then
      k = if pre(k) >= 3 then 1 else pre(k) + 1;
    end when;
  end Repeated;

  // Distinct index expressions over one array in a for-equation: each x[k + i] and y[2 i - 1 + k] is
  // its own choice among all the elements (the C reads the chosen slot in place, codegen_expr.c).
  model Shifted
    parameter Integer N = 1000;
    Integer k(start = 0, fixed = true);
    Real x[2 * N](each start = 1, each fixed = true);
    Real y[N];
    Real z[div(N, 2) - 1];
  equation
    for i in 1:2 * N loop
      der(x[i]) = -x[i] * i / N;
    end for;
    for i in 1:N loop
      y[i] = x[k + i] * i;
    end for;
    for i in 1:div(N, 2) - 1 loop
      z[i] = y[2 * i - 1 + k] + x[i];
    end for;
    when sample(0.25, 0.25) then
      k = if pre(k) >= 2 then 0 else pre(k) + 1;
    end when;
  end Shifted;
end VarSubscripts;
