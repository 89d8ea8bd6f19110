package DssEntryNotAvailable
  "A state choice whose block against the dummies is triangular, but whose partial derivative against a
  state cannot be formed (tests/sim/dss_entry_not_available.sh)"
  function h "y^2, with a derivative annotation"
    input Real y;
    output Real r;
  algorithm
    r := y^2;
    annotation(derivative = dh);
  end h;
  function dh "2 y dy, summed in a while loop: its partial derivative against dy is not formed"
    input Real y;
    input Real dy;
    output Real r;
  protected
    Integer i;
  algorithm
    r := 0;
    i := 0;
    while i < 2 loop
      r := r + y*dy;
      i := i + 1;
    end while;
    annotation(derivative(order = 2) = ddh);
  end dh;
  function ddh
    input Real y;
    input Real dy;
    input Real ddy;
    output Real r;
  protected
    Integer i;
  algorithm
    r := 0;
    i := 0;
    while i < 2 loop
      r := r + dy*dy + y*ddy;
      i := i + 1;
    end while;
  end ddh;
  model Pendulum "the Cartesian pendulum released horizontally, its constraint x^2 + h(y) = L^2"
    parameter Real L = 1;
    parameter Real g = 9.81;
    Real x(start = 1);
    Real y(start = 0, fixed = true);
    Real u(start = 0);
    Real v(start = 0, fixed = true);
    Real lambda;
  equation
    der(x) = u;
    der(y) = v;
    der(u) = -lambda*x;
    der(v) = -lambda*y - g;
    x^2 + h(y) = L^2;
  end Pendulum;
end DssEntryNotAvailable;
