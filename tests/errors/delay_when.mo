model DelayWhen
  Real x = sin(time);
  discrete Real y;
equation
  when sample(0, 0.1) then
    y = delay(x, 0.1);
  end when;
end DelayWhen;
// ARGS: %f
// ERROR: %f:6:9: error: not supported yet: delay in a when-equation
