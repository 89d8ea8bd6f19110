model VarSubscriptAssign
  Integer k(start = 1, fixed = true);
  Real A[2, 2];
algorithm
  A := zeros(2, 2);
  A[k, k] := time;
equation
  when sample(0.25, 0.25) then
    k = if pre(k) >= 2 then 1 else pre(k) + 1;
  end when;
end VarSubscriptAssign;
// ERROR: %f:6:3: error: not supported yet: assigning an element chosen at run time by more than one subscript ('A[k, k]')
