package DynamicStateSelection "static state choices that the run outgrows (codegen/codegen_dss.c)"
  model CartesianPendulum "a pendulum in Cartesian coordinates released horizontally: at the start values the constraint's partial derivative against y is 0, so x becomes the dummy state; at the bottom of the swing the one against x is 0, where the states would have to be switched"
    parameter Real L = 1 "length";
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
    x^2 + y^2 = L^2;
  end CartesianPendulum;
  function startPoint "the point of a pendulum of length L at angle theta from the bottom: a rotation matrix built by a matrix constructor, as MultiBody's Frames.axisRotation builds its T"
    input Real theta;
    input Real L;
    output Real r[2];
  protected
    Real T[2, 2];
  algorithm
    T := [cos(theta), -sin(theta); sin(theta), cos(theta)];
    r := T * [0; -L] * {1};
  end startPoint;
  model SwingingPendulum "a Cartesian pendulum swinging 0.05 rad around the bottom, its start values given by a function: the states are chosen with their values when the model is compiled (|dF/dy| is 20 times |dF/dx| at the start), so x and u stay states and y is the dummy, far from its singular point"
    parameter Real L = 1 "length";
    parameter Real g = 9.81;
    parameter Real theta0 = 0.05 "the angle it is released at, at rest";
    parameter Real r0[2] = startPoint(theta0, L);
    Real x(start = r0[1]);
    Real y(start = r0[2], fixed = true);
    Real u(start = 0);
    Real v(start = 0, fixed = true);
    Real lambda;
  equation
    der(x) = u;
    der(y) = v;
    der(u) = -lambda*x;
    der(v) = -lambda*y - g;
    x^2 + y^2 = L^2;
  end SwingingPendulum;
  model RotatedPendulum "the Cartesian pendulum released horizontally, its length constraint written in coordinates rotated by 45 degrees: the dummy state x is computed with a and b by a nonlinear loop of three equations"
    parameter Real L = 1 "length";
    parameter Real g = 9.81;
    Real x(start = 1);
    Real y(start = 0, fixed = true);
    Real u(start = 0);
    Real v(start = 0, fixed = true);
    Real lambda;
    Real a "x + y";
    Real b "x - y";
  equation
    der(x) = u;
    der(y) = v;
    der(u) = -lambda*x;
    der(v) = -lambda*y - g;
    a = x + y;
    b = x - y;
    a^2 + b^2 = 2*L^2;
  end RotatedPendulum;
  model Bead "a bead sliding without friction on a rod that turns at the rate w about the origin, no gravity: at the start the constraint's partial derivative against x is 0, so y becomes the dummy state, computed explicitly as x sin(w t) / cos(w t); at w t = pi/2 the one against y is 0. Closed form: the distance from the origin is cosh(w t)"
    parameter Real w = 1;
    parameter Real m = 1;
    Real x(start = 1, fixed = true);
    Real y(start = 0);
    Real u(start = 0, fixed = true);
    Real v;
    Real lambda "the rod's force on the bead, over its direction's length";
  equation
    der(x) = u;
    der(y) = v;
    m*der(u) = -lambda*sin(w*time);
    m*der(v) = lambda*cos(w*time);
    x*sin(w*time) - y*cos(w*time) = 0;
  end Bead;
  model CartesianPendulumStateSet "CartesianPendulum in the form that dynamic state selection with state sets gives it (codegen_dss.c's design note), written by hand: x, y, u, v are no states; the set states s = A {x, y} and sv = A {u, v}, A the row of the identity that k selects, are, with der(s) = A {der(x), der(y)} and der(sv) likewise; the candidates and their derivatives are unknowns of the loops of the constraint and its derivatives. Where the left-out candidate's partial derivative (2 x when k = 2) falls below half the kept one's, k switches (pivoting, with a margin of 2) and the set states are set from the candidates"
    parameter Real L = 1 "length";
    parameter Real g = 9.81;
    Real x(start = 1);
    Real y(start = 0);
    Real u(start = 0);
    Real v(start = 0);
    Real ax "der(u)";
    Real ay "der(v)";
    Real lambda;
    Real s(start = 0, fixed = true) "A {x, y}";
    Real sv(start = 0, fixed = true) "A {u, v}";
    discrete Integer k(start = 2, fixed = true) "the candidate kept: 1 x, 2 y";
  equation
    x^2 + y^2 = L^2;
    s = if k == 1 then x else y;
    x*u + y*v = 0;
    sv = if k == 1 then u else v;
    der(s) = if k == 1 then u else v;
    der(sv) = if k == 1 then ax else ay;
    x*ax + y*ay + u^2 + v^2 = 0;
    ax = -lambda*x;
    ay = -lambda*y - g;
    // pre(): the reinit values see the branch's new k, with which x would already be computed from the
    // old s (= y): the event iteration never settled
    when pre(k) == 2 and abs(x) < 0.5*abs(y) then
      k = 1;
      reinit(s, pre(x));
      reinit(sv, pre(u));
    elsewhen pre(k) == 1 and abs(y) < 0.5*abs(x) then
      k = 2;
      reinit(s, pre(y));
      reinit(sv, pre(v));
    end when;
  end CartesianPendulumStateSet;
  model StartPastChoice "the Cartesian pendulum released at rest at x = x0 beside the bottom, its start values (x.start = 1, y.start = -0.05) those of a point near the horizontal: the static choice, made at the start values, takes x as the dummy (|dF/dx| = 2 is 40 times |dF/dy|), and the solved initial point is where that choice fails: |dF/dx| = 2 x0 against |dF/dy| = 2 sqrt(1 - x0^2). x0 = 0.05: a twentieth, between the set's switch (a tenth) and its trial points' failure (a hundredth); x0 = 0.005: past both"
    parameter Real L = 1 "length";
    parameter Real g = 9.81;
    parameter Real x0 = 0.05;
    Real x(start = 1);
    Real y(start = -0.05);
    Real u(start = 0);
    Real v(start = 0);
    Real lambda;
  initial equation
    x = x0;
    u = 0;
  equation
    der(x) = u;
    der(y) = v;
    der(u) = -lambda*x;
    der(v) = -lambda*y - g;
    x^2 + y^2 = L^2;
  end StartPastChoice;
  model ReinitAtWall "the Cartesian pendulum released horizontally, bouncing elastically off a wall at x = L/2 (30 degrees from the bottom): reinit(v, -pre(v)) reverses v, and with it u through the constraint. v is the integral of a candidate of the velocity level's choice, so that choice stays static (a set would make v algebraic, where reinit needs a state); x never nears 0, where the static choice fails"
    parameter Real L = 1 "length";
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
    x^2 + y^2 = L^2;
    when x < L/2 then
      reinit(v, -pre(v));
    end when;
  end ReinitAtWall;
end DynamicStateSelection;
