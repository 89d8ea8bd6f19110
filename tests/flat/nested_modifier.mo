// Nested modifiers reach two levels down: inertia2(phi(fixed = true, start = 1)), and the dotted form
// a.b.c = v is the same thing.
model Inner
  Real phi;
  Real w;
equation
  der(phi) = w;
  der(w) = -phi;
end Inner;
model Outer
  Inner i;
end Outer;
model M
  Outer o(i(phi(fixed = true, start = 1)), i.w.start = 0.5);
end M;
// MODEL: M
