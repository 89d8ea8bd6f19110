package Ext
  function f1 input Real x; output Real y; external "C" y = cfun(x) annotation(Library = "m"); end f1;
  function f2 input Real x; output Real y; external "C"; end f2;
  function f3 input Real x; output Real y; external; end f3;
  function f4 input Real x[:]; output Real y; external "FORTRAN 77" fsub(x, size(x, 1), y); end f4;
  function f5 input Real x; output Real y; external "builtin" annotation(Include = "#include <m.h>");
    annotation(Documentation(info = "with class annotation"));
  end f5;
  function f6 input Real x; output Real y[2]; external "C" y[1] = g(x); end f6;
end Ext;
