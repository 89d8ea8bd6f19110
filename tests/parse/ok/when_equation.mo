model WhenEq
  Real x(start = 1);
  discrete Real y;
equation
  der(x) = -x;
  when {x < 0.5, x > 2} then
    y = pre(y) + 1;
  elsewhen initial() then
    y = 0;
  elsewhen sample(0, 0.1) then
    y = 1;
  end when;
end WhenEq;
