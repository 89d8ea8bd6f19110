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

  class Scaler "an external object (12.9.7): a C struct holding a factor"
    extends ExternalObject;
    function constructor
      input Real k;
      input String name;
      output Scaler s;
    external "C" s = extpkg_scaler_new(k, name) annotation(Library = "extpkg");
    end constructor;
    function destructor
      input Scaler s;
    external "C" extpkg_scaler_free(s) annotation(Library = "extpkg");
    end destructor;
  end Scaler;

  function scaled "k x through the object"
    input Scaler s;
    input Real x;
    output Real y;
  external "C" y = extpkg_scaler_apply(s, x) annotation(Library = "extpkg");
  end scaled;

  model UseObject "two objects, destroyed at the end (their destructor says so)"
    parameter Real k = 4;
    parameter Scaler s1 = Scaler(k, "first");
    parameter Scaler s2 = Scaler(-1, "second");
    Real y1 = scaled(s1, time);
    Real y2 = scaled(s2, y1);
  end UseObject;

  function scaledBy "k x through an object of its own (12.9.7): made at the start of each call, destroyed on return"
    input Real k;
    input Real x;
    output Real y;
  protected
    Scaler s = Scaler(k, "local");
  algorithm
    y := scaled(s, x);
  end scaledBy;

  model LocalObject "an object without the parameter prefix (still made once), and one per call of scaledBy"
    Scaler s1 = Scaler(2, "model");
    Real y1 = scaled(s1, time);
    Real y2 = scaledBy(3, time);
  end LocalObject;

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

  impure function tick "1, 2, 3, ...: how many times it was called"
    output Integer n;
  external "C" n = extpkg_tick() annotation(Library = "extpkg");
  end tick;

  model Ticks "a when-clause active at initialization (8.6) fires once there, then at each sample"
    discrete Integer n(start = 0, fixed = true);
  equation
    when {initial(), sample(0.25, 0.25)} then
      n = tick();
    end when;
  end Ticks;

  model Fail "checked fails at time 0.5"
    Real y;
  equation
    y = checked(0.5 - time);
  end Fail;
end ExtPkg;
