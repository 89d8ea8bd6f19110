model IfExpr
  Real x = if time > 1 then 1 else 2;
  Real y = if time > 1 then 1 elseif time > 2 then 2 elseif time > 3 then 3 else 4;
  Real z = 1 + (if x > y then x else y) * 2;
  Real w = if if x > 1 then true else false then 1 else if y > 2 then 2 else 3;
end IfExpr;
