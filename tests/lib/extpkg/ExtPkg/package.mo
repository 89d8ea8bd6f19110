within;
package ExtPkg "external C functions for tests/sim/external.sh (the library is built by the test)"
  function scale "default call form: y = scale(x, k)"
    input Real x;
    input Real k;
    output Real y;
  external "C" annotation(Include = "#include \"extpkg.h\"", Library = "extpkg");
  end scale;

  function stats "explicit call: arrays with their sizes, an Integer and a Real output by address"
    input Real u[:];
    input Integer w[size(u, 1)];
    output Real mean;
    output Integer count;
    output Integer idx[size(u, 1)];
  external "C" mean = extpkg_stats(u, w, size(u, 1), count, idx) annotation(Library = "extpkg");
  end stats;

  function checked "fails through ModelicaFormatError when x < 0"
    input Real x;
    output Real y;
  external "C" y = extpkg_checked(x) annotation(Library = "extpkg");
  end checked;

  function greet "a String made by ModelicaAllocateString"
    input String name;
    input Integer times;
    output String s;
  external "C" s = extpkg_greet(name, times) annotation(Library = "extpkg");
  end greet;

  function greetLength
    input Integer times;
    output Integer n;
  algorithm
    n := Modelica.Utilities.Strings.length(greet("abc", times));
  end greetLength;

  function matrix "a matrix output (row-major) and a constant argument"
    input Real a[2, 3];
    output Real b[3, 2];
  external "C" extpkg_transpose(a, size(a, 1), size(a, 2), b, 2.5) annotation(Library = "extpkg");
  end matrix;

  model Use
    parameter Real k = 3;
    Real x(start = 1, fixed = true);
    Real m;
    Integer c;
    Integer idx[3];
    Real b[3, 2];
    Integer glen;
    Real ok;
  equation
    der(x) = scale(x, -k) "x = exp(-3 t)";
    (m, c, idx) = stats({1.0, 2.0, 6.0}, {1, 0, 2});
    b = matrix({{1, 2, 3}, {4, 5, 6}});
    glen = greetLength(3);
    ok = checked(1 - time);
  end Use;

  model Fail "checked fails at time 0.5"
    Real y;
  equation
    y = checked(0.5 - time);
  end Fail;
end ExtPkg;
