model FnExternalFortranString
  function f
    input String s;
    output Real y;
  external "FORTRAN 77" y = fs(s);
  end f;
  Real y = f("a");
end FnExternalFortranString;
// ERROR: %f:2:12: error: not supported yet: Strings as arguments of the external "FORTRAN 77" function 'FnExternalFortranString.f'
