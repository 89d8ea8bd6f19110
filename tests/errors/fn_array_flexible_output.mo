// A model cannot use an output whose size only its assignments give (it needs every size at compile time)
// when the function cannot run then: here an argument varies in time (with known arguments it runs,
// fneval.c, tests/flat/fn_eval_flexible.mo).
package P
  function f
    input Real x[:];
    output Real y[:];
  algorithm
    y := x;
  end f;
  model M
    Real v[2] = f({1, time});
  end M;
end P;
// MODEL: P.M
// ERROR: %f:12:17: error: not supported yet: output 'y' of 'P.f' has a size given by its assignments (':'), which a call from a model can use only when the function can run when the model is compiled (its arguments known then)
// ERROR: %f:7:17: note: 'y' is declared here
