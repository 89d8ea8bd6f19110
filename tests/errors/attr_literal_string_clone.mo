// An attribute given a literal of the wrong type is an error at the value, also in a clone's modifier
// (c2 is a copy of c1): before, --flat accepted it and code generation stopped with an internal error.
model AttrLiteralStringClone
  model C Real x(start = 1); parameter Real k = 1; equation der(x) = -k * x; end C;
  C c1;
  C c2(x(start = "s"));
end AttrLiteralStringClone;
// ERROR: %f:6:18: error: attribute 'start' must be of type Real, not the String literal 's'
