// Components declared many times with modifiers of the same shape: flatten_clone.c makes all but the
// first of each kind by copying it. tests/sim/flat_clones.sh checks that `--flat` prints the same text
// with and without cloning (--no-clone), for this model and for every other model of the test suite.
package Clones
  connector Flange
    Real phi;
    flow Real tau;
  end Flange;

  model Mass
    parameter Real m = 1;
    parameter Real m2 = 2 * m "depends on another parameter of the same instance";
    parameter Real phi0 = 0;
    Real phi(start = phi0, fixed = true) "start refers to a parameter";
    Real w(start = 0, fixed = true);
    Flange a, b;
  equation
    a.phi = phi;
    b.phi = phi;
    der(phi) = w;
    m2 * der(w) = a.tau + b.tau;
  end Mass;

  model Spring
    parameter Real c = 1;
    Flange a, b;
  equation
    a.tau = c * (a.phi - b.phi);
    a.tau + b.tau = 0;
  end Spring;

  model Cell "a composite: internal connections and components that are clones themselves"
    parameter Real k = 1;
    Spring s1(c = k), s2(c = 2 * k);
    Mass m1(m = k, phi0 = 1), m2(m = 3);
    Flange left, right;
  equation
    connect(left, s1.a);
    connect(s1.b, m1.a);
    connect(m1.b, s2.a);
    connect(s2.b, m2.a);
    connect(m2.b, right);
  end Cell;

  model Sized "structure depends on a parameter: never cloned across different sizes"
    parameter Integer n = 2;
    Real x[n](each start = 1, each fixed = true);
  equation
    for i in 1:n loop
      der(x[i]) = -i * x[i];
    end for;
  end Sized;

  model Switched "an if-equation on a parameter: the active branch depends on the modifier"
    parameter Boolean fast = false;
    Real y(start = 1, fixed = true);
  equation
    if fast then
      der(y) = -10 * y;
    else
      der(y) = -y;
    end if;
  end Switched;

  model Named "String parameters folded while the component is built: never cloned across values"
    parameter String s = "a";
    parameter String t = s + "x";
    parameter Boolean b = s == "a";
    Real x(start = 1, fixed = true);
  equation
    der(x) = if b then -x else x;
  end Named;

  model Model
    parameter Real kk = 4;
    Cell c1(k = 1), c2(k = kk), c3(k = kk / 2);
    Mass free1(phi(start = 2)), free2(phi(start = kk)), free3;
    Mass arr[3](m = {1, 2, 3}, each phi0 = 0.5);
    Sized z1(n = 1), z2(n = 3), z3(n = 3);
    Switched q1(fast = true), q2, q3(fast = false);
    Mass self1(m = 2, phi0 = self1.m), self2(m = 3, phi0 = 2 * self2.m) "values that name the component itself";
    Mass ahead1(m = 1), ahead2(m = ahead3.m2) "a value that names a component declared further down";
    Mass ahead3(m = 3);
    Named s1(s = "a"), s2(s = "b"), s3(s = "c");
  equation
    connect(c1.right, c2.left);
    connect(c2.right, c3.left);
    connect(c3.right, free1.a);
    connect(free2.a, free3.b);
    connect(arr[1].b, arr[2].a);
    connect(arr[2].b, arr[3].a);
  end Model;
end Clones;
