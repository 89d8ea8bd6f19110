model OperatorNoMatch "an operator that the operator record does not define for these arguments"
  operator record R
    Real x;
    operator function '+'
      // R is found in the enclosing scope: an import from a model breaks spec 13.2.1
      input R a;
      input R b;
      output R c;
    algorithm
      c := R(a.x + b.x);
    end '+';
  end R;
  R a = R(1);
  R b = a * a;
end OperatorNoMatch;
// ERROR: %f:14:9: error: no function of operator '*' takes (OperatorNoMatch.R, OperatorNoMatch.R)
