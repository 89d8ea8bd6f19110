model ExternalCName
  function f
    input Real x;
    output Real y;
  external "C" y = mo2c_main(x);
  end f;
  Real y = f(time);
end ExternalCName;
// ERROR: %f:2:12: error: not supported yet: the external C function name 'mo2c_main' of 'ExternalCName.f' (a C identifier is needed, and none of the generated code's own names)
