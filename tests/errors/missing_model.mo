// The model named on the command line does not exist.
model M
  Real x;
equation
  x = 1;
end M;
// MODEL: Nope
// ERROR: mo2c: error: model 'Nope' not found
