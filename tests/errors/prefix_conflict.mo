// input on a structured component whose element is already output (spec 4.4.2.2), through a short
// class definition: the error is at the element, naming the component.
connector C
  Real e;
  flow Real f;
  output Real x;
end C;
connector InC = input C;
model M
  InC c(e = 1.0, x = 2.0);
end M;
// MODEL: M
// ERROR: %f:6:15: error: 'x' cannot be output: the structured component 'c' that holds it is declared input, and then no element of it may have a prefix of the same kind (specification 4.4.2.2)
