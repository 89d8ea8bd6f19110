model ExternalLanguage
  function f
    input Real x;
    output Real y;
  external "Java" y = jfun(x);
  end f;
  Real y = f(time);
end ExternalLanguage;
// ERROR: %f:2:12: error: the language of external function 'ExternalLanguage.f' must be "C" or "FORTRAN 77", not "Java"
