model IfEq
  Real x, y;
equation
  if time < 1 then
    x = 1;
    y = 2;
  elseif time < 2 then
    x = 2;
    y = 3;
  elseif time < 3 then
    x = 3; y = 4;
  else
    x = 4;
    y = 5;
  end if;
  if true then end if;
end IfEq;
