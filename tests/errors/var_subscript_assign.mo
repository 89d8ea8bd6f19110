model VarSubscriptAssign
  Integer k(start = 1, fixed = true);
  Real x[3];
algorithm
  x := zeros(3);
  x[k] := time;
equation
  when sample(0.25, 0.25) then
    k = if pre(k) >= 3 then 1 else pre(k) + 1;
  end when;
end VarSubscriptAssign;
// ERROR: %f:6:3: error: not supported yet: assigning an element chosen at run time (a subscript that is not a parameter expression)
