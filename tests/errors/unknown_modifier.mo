// A modifier of an element that does not exist, with a suggestion.
model Inertia
  parameter Real J = 1;
  Real phi;
  Real w;
equation
  der(phi) = w;
  J*der(w) = 0;
end Inertia;
model M
  Inertia i(J = 2, phii(start = 1));
end M;
// MODEL: M
// ERROR: %f:11:20: error: class 'Inertia' has no element 'phii'
// ERROR: %f:4:8: note: did you mean 'phi'?
