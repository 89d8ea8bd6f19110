// When-clauses at initialization (spec 8.6): enabled by initial() as the condition or as an element of a
// vector condition, not by an expression of it (foo(initial())). The initial equations read the values
// the when-clauses leave at initialization into parameters (fixed = false), which the asserts check.
model WhenInitVector
  function foo
    input Boolean b;
    output Boolean b2;
  algorithm
    b2 := b;
    annotation(Inline = false);
  end foo;
  Real x(start = 0, fixed = true);
  Real y(start = 0, fixed = true);
  Real z(start = 0, fixed = true);
  parameter Real p(fixed = false);
  parameter Real q(fixed = false);
  parameter Real r(fixed = false);
equation
  when {foo(initial()), sample(0.1, 0.1)} then
    x = 2;
  end when;
  when {time > 0.5, initial()} then
    y = 2;
  end when;
  when foo(initial()) then
    z = 2;
  end when;
  assert(abs(p) < 1e-12, "p: foo(initial()) enabled a when-clause at initialization");
  assert(abs(q - 2) < 1e-12, "q: {time > 0.5, initial()} did not enable its when-clause at initialization");
  assert(abs(r) < 1e-12, "r: foo(initial()) enabled a when-clause at initialization");
initial equation
  x = p;
  y = q;
  z = r;
  annotation(experiment(StopTime = 0.2));
end WhenInitVector;
