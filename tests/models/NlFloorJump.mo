package NlFloorJump
  "Nonlinear loops whose Newton steps become tiny at a jump of the residual, which is no root
  (tests/sim/nl_floor_jump.sh)"
  model WrongRoot
    "F(x) = 1e9 (x - 1) + (if x > 1 then 1 else -1 + 1e10 (1 - x)^2): its only root is x = 0.899999999
    (u = 1 - x solves 1e10 u^2 - 1e9 u - 1 = 0); at x = 1 F jumps from -2 to +2"
    Real x(start = 1.000000002);
  equation
    0 = 1e9*(x - 1) + noEvent(if x > 1 then 1 else -1 + 1e10*(1 - x)^2);
  end WrongRoot;

  model NoRoot "1e9 (x - 1) + (if x > 1 then 1 else -1) = 0 has no solution: F jumps from -1 to +1 at x = 1"
    Real x(start = 1.000000002);
    Real r;
  equation
    r = 1e9*(x - 1) + noEvent(if x > 1 then 1 else -1);
    r = 0;
  end NoRoot;

  model WrongRoot100
    "WrongRoot moved to x = 100, where its steps of 1e-9 pass the step test (1e-10 relative): its only
    root is x = 99.899999999 (u = 100 - x solves 1e10 u^2 - 1e9 u - 1 = 0); at x = 100 F jumps from -1 to +1"
    Real x(start = 100.000000002);
  equation
    0 = 1e9*(x - 100) + noEvent(if x > 100 then 1 else -1 + 1e10*(100 - x)^2);
  end WrongRoot100;

  model NoRoot100 "1e9 (x - 100) + (if x > 100 then 1 else -1) = 0 has no solution"
    Real x(start = 100.000000002);
    Real r;
  equation
    r = 1e9*(x - 100) + noEvent(if x > 100 then 1 else -1);
    r = 0;
  end NoRoot100;
end NlFloorJump;
