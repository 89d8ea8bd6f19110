// Records as values driving linear ODEs; tests/sim/records.sh checks the closed forms.
package RecordSim
  record Coeffs
    parameter Real a = 1 "decay rate";
    parameter Real b = 0 "input";
    parameter Real x0 = 1 "initial value";
  end Coeffs;
  record Fast = Coeffs(a = 3, b = 1);
  record State
    Real p;
    Real q[2];
  end State;
  function both
    input Real u;
    input Real v;
    output Coeffs c;
  algorithm
    c.a := u + v;
    c.b := u * v;
    c.x0 := 0;
  end both;
  model Lin
    parameter Coeffs c = Coeffs();
    Real x(start = c.x0, fixed = true);
  equation
    der(x) = -c.a * x + c.b;
  end Lin;
  model Main
    parameter Coeffs k = Coeffs(a = 2, x0 = 2);
    Lin l1(c = k) "x = 2 exp(-2 t)";
    Lin l2(c = Fast(x0 = 0.5)) "x = 1/3 + (0.5 - 1/3) exp(-3 t)";
    Lin l3[2](c = {Coeffs(a = 1, b = 2), Coeffs(a = 0.5)}) "x = 2 - exp(-t); x = exp(-t/2)";
    Lin l4(c = both(1, 2)) "x = 2/3 (1 - exp(-3 t))";
    State s;
    Real y;
  equation
    s = State(l1.x + l2.x, {l3[1].x, time});
    y = s.p + s.q[1] * s.q[2];
  annotation(experiment(StopTime = 2));
  end Main;
end RecordSim;
