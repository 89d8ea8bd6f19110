// Outputs sized by their assignments (':'), called from a model with arguments known when it is compiled:
// the function runs then (fneval.c) to give the size; the values are computed when the simulator runs.
// By hand: positives of {-2, 1, 0, -1, 2} are {1, 2} (2 elements); twice: 4; evens of 1:7 doubled,
// through a local filled element by element: {4, 8, 12} (3); a matrix built with cat along 2: [2, 3].
model fn_eval_flexible
  function positives
    input Integer x[:];
    input Integer times = 1;
    output Integer xpos[:];
  algorithm
    for k in 1:times loop
      for i in 1:size(x, 1) loop
        if x[i] > 0 then
          xpos := cat(1, xpos, x[i:i]);
        end if;
      end for;
    end for;
  end positives;
  function evensDoubled
    input Integer n;
    output Real y[:];
  protected
    Real t[n];
    Integer m = 0;
  algorithm
    for i in 1:n loop
      if mod(i, 2) == 0 then
        m := m + 1;
        t[m] := 2*i;
      end if;
    end for;
    y := t[1:m];
  end evensDoubled;
  function block2
    input Real a[2];
    output Real b[:, :];
  algorithm
    b := cat(2, {{a[1]}, {a[2]}}, fill(0.0, 2, 2));
  end block2;
  parameter Integer a[:] = {-2, 1, 0, -1, 2};
  Integer x[:] = positives(a);
  Integer x2[:] = positives(a, 2);
  Real y[:] = evensDoubled(7);
  Real b[:, :] = block2({1, 2});
end fn_eval_flexible;
