// The Cartesian pendulum of Pendulum.mo with its constraint written through user functions, so that
// index reduction must differentiate calls twice:
//   - Annotated: radius2(x, y) carries annotation(derivative = radius2_der); radius2_der is a chain of
//     assignments, so its own derivative is found by inlining it;
//   - Inlined: radius2Plain has no annotation; it is a chain of assignments and is inlined.
//   - Body: radius2Loop has no annotation and cannot be inlined (an array, a call with two outputs of a
//     function with a loop, an if-statement, a variable assigned twice): its derivative is made from its
//     body (analysis/funcad.c), and that derivative's own derivative the same way.
// Reference: tests/ref/pendulum_ref.c (the polar form, integrated independently), as for Pendulum.mo.
package FunctionPendulum
  function radius2 "squared distance from the pivot"
    input Real x;
    input Real y;
    output Real r2;
  algorithm
    r2 := x*x + y*y;
    annotation(derivative = radius2_der);
  end radius2;

  function radius2_der "time derivative of radius2: radius2_der(x, y, der(x), der(y))"
    input Real x;
    input Real y;
    input Real dx;
    input Real dy;
    output Real dr2;
  protected
    Real a;
  algorithm
    a := x*dx;
    dr2 := 2*(a + y*dy);
  end radius2_der;

  function radius2Plain "the same without a derivative annotation"
    input Real x;
    input Real y;
    output Real r2;
  protected
    Real xx = x*x;
  algorithm
    r2 := xx + y^2;
  end radius2Plain;

  function parts "the squares of p's elements by a loop, and their sum"
    input Real p[:];
    output Real s;
    output Real sq[size(p, 1)];
  algorithm
    s := 0;
    for i in 1:size(p, 1) loop
      sq[i] := p[i]*p[i];
      s := s + sq[i];
    end for;
  end parts;

  function radius2Loop "the squared distance through parts"
    input Real x;
    input Real y;
    output Real r2;
  protected
    Real q[2] = {x, y};
    Real s;
    Real sq[2];
  algorithm
    (s, sq) := parts(q);
    if s >= 0 then
      r2 := sq[1];
      r2 := r2 + sq[2];
    else
      r2 := -1;
    end if;
  end radius2Loop;

  partial model Base
    parameter Real m = 1 "mass";
    parameter Real L = 1 "rod length";
    parameter Real g = 9.81 "gravity";
    Real x(start = 0.5*L, fixed = true) "L*sin(30 deg)";
    Real y(start = -0.8660254037844386*L) "-L*cos(30 deg)";
    Real u(start = 0, fixed = true);
    Real v(start = 0);
    Real lambda;
  equation
    der(x) = u;
    der(y) = v;
    m*der(u) = -lambda*x;
    m*der(v) = -lambda*y - m*g;
  end Base;

  model Annotated "constraint through a function with a derivative annotation"
    extends Base;
  equation
    radius2(x, y) = L^2;
    annotation(experiment(StopTime = 10, Interval = 0.01, Tolerance = 1e-8));
  end Annotated;

  model Inlined "constraint through a function that is inlined for differentiation"
    extends Base;
  equation
    radius2Plain(y = y, x = x) = L^2;
    annotation(experiment(StopTime = 10, Interval = 0.01, Tolerance = 1e-8));
  end Inlined;

  model Body "constraint through a function whose derivative is made from its algorithm"
    extends Base;
  equation
    radius2Loop(x, y) = L^2;
    annotation(experiment(StopTime = 10, Interval = 0.01, Tolerance = 1e-8));
  end Body;
end FunctionPendulum;
