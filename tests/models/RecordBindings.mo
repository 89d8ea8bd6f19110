// Bindings of record variables in functions (tests/sim/record_bindings.sh checks them against closed
// forms): an array of records bound to an array of constructors (as the MSL's ReferenceMoistAir
// Gibbs functions bind Complex[2] t = {Complex(...), Complex(...)}), a record bound to a function's
// result, a record bound to an element of another local (initialized after it), a record whose fields
// keep their class's defaults, a scalar reading the bound fields, an output record with a binding, and
// the default of a record input, which reads an input before it.
package RecordBindings
  record Cx
    Real re;
    Real im;
  end Cx;
  record R
    Real a = 1;
    Real b[2] = {2, 3};
  end R;
  function mk
    input Real x;
    output R r(a = x, b = {x, 2 * x});
  algorithm
  end mk;
  function f "y = 5 t + 5"
    input Real t;
    output Real y;
  protected
    Real s = c[1].re + e.im;
    Cx e = c[2];
    Cx[2] c = {Cx(t, 1), Cx(2, t)};
    R r = mk(t);
    R d;
  algorithm
    y := s + c[1].im + c[2].re + r.a + r.b[2] + d.b[1] + e.re - 2;
  end f;
  function g "o = 2 t - t i"
    input Real t;
    output Cx o = Cx(2 * t, -t);
  algorithm
  end g;
  function h "c.re * c.im"
    input Real t;
    input Cx c = Cx(t, 3);
    output Real y;
  algorithm
    y := c.re * c.im;
  end h;
  model Main
    Real y = f(time);
    Cx z = g(time);
    Real w = h(time) "3 t";
    Real w2 = h(time, Cx(1, 2)) "2";
  end Main;
end RecordBindings;
