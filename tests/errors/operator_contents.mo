// An operator may only contain declarations of functions (specification 4.6): no constant, no model.
// ERROR: %f:12:21: error: an operator may only contain declarations of functions, not the component 'y' (specification 4.6)
// ERROR: %f:13:13: error: an operator may only contain declarations of functions, not the model 'M' (specification 4.6)
model OperatorContents
  operator record R
    Real x;
    operator '+'
      function add "fine"
        input R a; input R b; output R c(x = a.x + b.x);
      algorithm
      end add;
      constant Real y = 2;
      model M
        Real z = 1;
      end M;
    end '+';
  end R;
  R r1(x = 1), r2(x = 2);
  R r3 = r1 + r2;
end OperatorContents;
