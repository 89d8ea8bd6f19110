model FnRecordOps "operators of an operator record inside a function: no function matches"
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
    input R a;
    output R c;
  algorithm
    c := a * a;
  end f;
  R a = R(time);
  R b = f(a);
end FnRecordOps;
// ERROR: %f:16:10: error: no function of operator '*' takes (FnRecordOps.R, FnRecordOps.R)
