model FnRecordArrayOp "an operator element by element over arrays of records in a function: not yet"
  operator record R
    Real x;
    operator function '+'
      input R a;
      input R b;
      output R c;
    algorithm
      c := R(a.x + b.x);
    end '+';
  end R;
  function f
    input R a[2];
    output R c[2];
  algorithm
    c := a + a;
  end f;
  R a[2] = {R(time), R(1)};
  R b[2] = f(a);
end FnRecordArrayOp;
// ERROR: %f:16:10: error: not supported yet: operator '+' applied element by element to arrays of records in a function (FnRecordArrayOp.R[1 dimension], FnRecordArrayOp.R[1 dimension])
