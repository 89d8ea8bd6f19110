// A model cannot use an output whose size only its assignments give (it needs every size at compile time).
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
// ERROR: %f:10:17: error: not supported yet: output 'y' of 'P.f' has a size given by its assignments (':'), which a call from a model cannot use
// ERROR: %f:5:17: note: 'y' is declared here
