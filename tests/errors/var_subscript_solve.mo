model VarSubscriptSolve
  Integer k(start = 1, fixed = true);
  Real x[2];
equation
  x[k] = time;
  x[1] = 0;
  when time > 0.5 then
    k = 2;
  end when;
end VarSubscriptSolve;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:5:3: error: not supported yet: an equation that determines an element of 'x[k]' chosen at run time (solving for 'x[2]')
