model VarSubscriptAssignSlice
  Integer k(start = 1, fixed = true);
  Real A[2, 2];
algorithm
  A := zeros(2, 2);
  A[k, :] := {time, 1};
equation
  when sample(0.25, 0.25) then
    k = if pre(k) >= 2 then 1 else pre(k) + 1;
  end when;
end VarSubscriptAssignSlice;
// ERROR: %f:6:3: error: not supported yet: assigning elements chosen at run time in this form (a slice, or the outputs of a function call)
