// Attribute modifiers through short class definitions: type Angle = Real(unit = "rad"), chained, with
// the declaration's own modifier outermost.
type Angle = Real(quantity = "Angle", unit = "rad", displayUnit = "deg", min = -10);
type Position = Angle(nominal = 2);
model M
  Position p(min = -1, max = 1, start = 0.5, stateSelect = StateSelect.prefer);
  Angle a;
  parameter Angle a0 = 0.1 "initial angle";
equation
  der(p) = a;
  a = a0;
end M;
// MODEL: M
