model OperatorAmbiguous "two functions of an overloaded operator match the arguments (spec 14.3)"
  operator record R
    Real x;
    operator '+'
      // R is found in the enclosing scope: an import from a model breaks spec 13.2.1
      function add
        input R a;
        input R b;
        output R c;
      algorithm
        c := R(a.x + b.x);
      end add;
      function add2
        input R a;
        input R b;
        input Real k = 1;
        output R c;
      algorithm
        c := R(k * (a.x + b.x));
      end add2;
    end '+';
  end R;
  R a = R(1);
  R b = a + a;
end OperatorAmbiguous;
// ERROR: %f:24:9: error: ambiguous operator '+' for (OperatorAmbiguous.R, OperatorAmbiguous.R): both 'OperatorAmbiguous.R.'+'.add' and 'OperatorAmbiguous.R.'+'.add2' match
