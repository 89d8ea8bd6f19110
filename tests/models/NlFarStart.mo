package NlFarStart
  "Nonlinear loops solved once (initial equations) from a start far from their solution: whether the residual
  is small enough for a root must not depend on how far away the loop started (tests/sim/nl_far_start.sh)"
  model WrongRootFar
    "p solves 1e9 (p - 100) + (if p > 100 then 1 else -1 + 1e10 (100 - p)^2) = 0, whose only root is
    p = 99.899999999 (u = 100 - p solves 1e10 u^2 - 1e9 u - 1 = 0); at p = 100 the residual jumps from -1 to
    +1. NlFloorJump.WrongRoot100 started at 1e6: the residual there is 1e15, and the first Newton step lands
    at p = 100 - 1e-9, where |F| = 2 is no root"
    parameter Real p(fixed = false, start = 1e6);
    Real y;
  initial equation
    0 = 1e9*(p - 100) + noEvent(if p > 100 then 1 else -1 + 1e10*(100 - p)^2);
  equation
    y = p;
  end WrongRootFar;

  model InconsistentFar
    "p + q^3 = 1 and p + q^3 = 1.001 have no solution (a smooth loop, singular everywhere); p starts at 1e9,
    and the least-squares point, where each residual is 5e-4, is no root"
    parameter Real p(fixed = false, start = 1e9);
    parameter Real q(fixed = false, start = 0);
    Real y;
  initial equation
    p + q^3 = 1;
    p + q^3 = 1.001;
  equation
    y = p + q^3;
  end InconsistentFar;

  model CubicFar
    "1e9 (p - 100) + (p - 100)^3 = 0 has the only real root p = 100; started at 1e6, Newton must still get there"
    parameter Real p(fixed = false, start = 1e6);
    Real y;
  initial equation
    0 = 1e9*(p - 100) + (p - 100)^3;
  equation
    y = p;
  end CubicFar;
end NlFarStart;
