model BuiltinArityInitial
  Real z;
equation
  z = if initial(1) then 1 else smooth(1);
end BuiltinArityInitial;
// ERROR: %f:4:10: error: 'initial' takes 0 arguments, not 1
