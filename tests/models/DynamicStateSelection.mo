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
end DynamicStateSelection;
