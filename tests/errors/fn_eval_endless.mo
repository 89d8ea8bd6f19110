// A function that loops without end, where a size needs its value: the compiler gives up after a bounded
// number of steps (fneval.c) and says which call it could not evaluate.
// ERROR: %f:13:10: error: not supported yet: evaluating the function 'fn_eval_endless.f' at compile time (in an array dimension)
model fn_eval_endless
  function f
    input Integer n;
    output Integer m = n;
  algorithm
    while m > 0 loop
      m := m + 1;
    end while;
  end f;
  Real x[f(2)];
end fn_eval_endless;
