// Records as values (spec 12.6): constructors with defaults, positional and named arguments, fields
// from extends and short classes, defaults that use other fields (declared later too), array fields,
// nested records, arrays of records, record parameters handed down through modifiers, 'each',
// equations between records, functions returning records, if-expressions of records.
package RecordValues
  record Base
    parameter Real k = 2 "gain";
    parameter Integer n = 2;
    Real y[n] = fill(k, n);
  end Base;
  record Gain
    extends Base(k = 5);
    parameter Real off = scale * k "uses a field declared below";
    parameter Real scale = 0.5;
  end Gain;
  record Gain7 = Gain(k = 7);
  record Pair
    Base a;
    Gain b = Gain(k = 3);
  end Pair;
  record Small
    Real u;
    Integer m;
  end Small;
  record Pt
    Real x;
    Real y[2];
  end Pt;
  function mk
    input Real k;
    output Small r;
  algorithm
    r.u := 2 * k;
    r.m := 3;
  end mk;
  model Comp
    parameter Gain g = Gain();
    Real x(start = 1, fixed = true);
  equation
    der(x) = -g.k * x + g.off;
  end Comp;
  model Main
    parameter Gain g0 = Gain(off = 1);
    parameter Gain7 g7;
    parameter Base b = Base(1.5, 2, {3, 4});
    Comp c1(g = g0);
    Comp c2(g = Gain7(scale = 2));
    Comp c3[2](each g = g0);
    Comp c4[2](g = {Gain(k = 1), Gain(k = 2)});
    parameter Pair p = Pair(Base(k = 4), Gain(scale = 1));
    parameter Pair p2;
    Pt v;
    Pt w[2];
    Small s;
    parameter Boolean flag = true;
  equation
    s = if time < 1 then Small(1, m = 1) else mk(time);
    v = Pt(b.k, b.y);
    w = {Pt(time, {1, 2}), v};
  end Main;
end RecordValues;
// MODEL: RecordValues.Main
