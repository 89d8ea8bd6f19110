model PreContinuous "pre of a continuous-time variable outside a when-clause (3.7.5)"
  Real x = time;
  Real y;
  Real z;
equation
  y = if time > 0.5 then pre(x) else 0;
  when time > 0.5 then
    z = pre(x);   // allowed: in a when-clause every expression is discrete-time
  end when;
end PreContinuous;
// ARGS: %f
// ERROR: %f:6:26: error: pre of 'x', which is continuous-time: outside a when-clause pre applies to discrete-time expressions (specification 3.7.5)
