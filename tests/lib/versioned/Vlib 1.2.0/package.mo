package Vlib "an older version: loading by name must take 1.10.1"
  model M
    Real x(start = 2, fixed = true);
  equation
    der(x) = -x;
  end M;
end Vlib;
