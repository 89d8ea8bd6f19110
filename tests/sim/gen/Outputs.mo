// Variables that only results show (tests/sim/gen_outputs.sh): rhs computes x's derivative and what
// the event functions read, the model's outputs function the rest, at output points and events.
model Outputs
  parameter Real k = 2;
  parameter Real s = 4;
  Real x(start = 1, fixed = true);
  Real v "only results show it: computed by outputs";
  Real w "output-only, divides by a parameter expression";
  Real z "read by the when-condition only: rhs must keep it current";
  parameter Real c = 1;
  Real q "read by the assert only";
  discrete Real tz(start = -1, fixed = true) "time of the event on z";
  Real after "output-only, changes with tz at the event";
equation
  der(x) = -x / (k - 1);
  v = 3 * x;
  w = v / (s * k);
  z = 2 * x;
  q = x + c;
  when z < 1 then
    tz = time;
  end when;
  after = if tz > 0 then 1 else 0;
  assert(q > 0.5, "q fell below 0.5");
end Outputs;
