// A time-varying if-equation whose branches solve for the same variables in another order: each pair
// keeps its variable (flatten_when.c's same_order), also for Integer and Boolean ones, where a residual
// 0 = l1 - r1 would be a type error.
model IfEqOrder
  Integer n;
  Boolean b;
  Real y;
equation
  if time > 0.5 then
    n = 1;
    b = true;
    y = 2;
  else
    b = false;
    y = 3;
    n = 2;
  end if;
end IfEqOrder;
