function Tuple
  input Real x;
  output Real a, b, c;
algorithm
  (a, b) := f(x);
  (a, , c) := g(x, y = 2);
  (, b) := f(x);
  () := h(x);
  (a) := f(x);
end Tuple;
