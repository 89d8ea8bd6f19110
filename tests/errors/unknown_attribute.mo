// A misspelt attribute of a Real, with a suggestion.
model M
  Real x(fixd = true);
equation
  der(x) = -x;
end M;
// ERROR: %f:3:10: error: 'fixd' is not an attribute of type Real
// ERROR: %f:3:10: note: did you mean 'fixed'?
