function IfSt
  input Real x;
  output Real y;
algorithm
  if x > 0 then
    y := 1;
  elseif x < 0 then
    y := -1;
  else
    y := 0;
  end if;
  if x == 1 then y := 2; end if;
end IfSt;
