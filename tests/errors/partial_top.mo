// A partial model cannot be simulated.
partial model M
  Real x;
equation
  x = 1;
end M;
// ERROR: %f:2:15: error: cannot instantiate partial model 'M'
