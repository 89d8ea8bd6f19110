model VarSubscriptAssignSlice
  Integer k(start = 1, fixed = true);
  Real A[2, 2];
algorithm
  A := [1, 2; 3, 4];
  A[k, :] := {A[k, 2], A[k, 1]};
equation
  when sample(0.25, 0.25) then
    k = if pre(k) >= 2 then 1 else pre(k) + 1;
  end when;
end VarSubscriptAssignSlice;
// ERROR: %f:6:14: error: not supported yet: assigning a slice chosen at run time a value that reads the array it is assigned to
