model ExternalFortran
  function f
    input Real x;
    output Real y;
  external "FORTRAN 77" y = dfun(x);
  end f;
  Real y = f(time);
end ExternalFortran;
// ERROR: %f:2:12: error: not supported yet: external "FORTRAN 77" functions ('ExternalFortran.f')
