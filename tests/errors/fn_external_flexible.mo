model FnExternalFlexible
  function f "y has no size before the call: neither its declaration nor a binding gives one"
    input Real x[:];
    output Real y[:];
  external "C" g(x, size(x, 1), y);
  end f;
  Real y[2] = f({1, 2});
end FnExternalFlexible;
// ERROR: %f:5:33: error: the output 'y' of external function 'FnExternalFlexible.f' needs sizes known before the call, not ':' without a binding
