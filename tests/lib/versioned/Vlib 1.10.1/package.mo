package Vlib "the newest version, installed as OpenModelica's package manager does"
  model M
    Real x(start = 1, fixed = true);
  equation
    der(x) = -x;
  end M;
end Vlib;
