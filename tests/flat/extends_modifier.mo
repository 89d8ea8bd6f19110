// Modifiers on an extends clause reach the inherited elements, attributes included.
model Base
  parameter Real k = 1;
  Real x(start = 0);
equation
  der(x) = -k*x;
end Base;
model M
  extends Base(k = 3, x(start = 2, fixed = true));
end M;
// MODEL: M
