model AlgBreakOutside
  Real x;
algorithm
  x := 1;
  if x > 0 then
    break;
  end if;
end AlgBreakOutside;
// ERROR: %f:6:5: error: 'break' outside a loop
