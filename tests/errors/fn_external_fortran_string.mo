model FnExternalFortranString
  function f
    input Real x;
    output String s;
  external "FORTRAN 77" fs(x, s);
  end f;
  String s = f(1);
end FnExternalFortranString;
// ERROR: %f:2:12: error: not supported yet: String outputs as arguments of the external "FORTRAN 77" function 'FnExternalFortranString.f'
