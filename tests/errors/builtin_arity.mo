model BuiltinArity
  Real x;
equation
  x = sin(time, 2);
end BuiltinArity;
// ARGS: %f
// ERROR: %f:4:7: error: 'sin' takes 1 argument, not 2
