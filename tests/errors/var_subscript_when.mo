model VarSubscriptWhen
  Integer k(start = 1, fixed = true);
  discrete Real x[2](each start = 0, each fixed = true);
equation
  when sample(0.25, 0.25) then
    k = 3 - pre(k);
    x[k] = time;
  end when;
end VarSubscriptWhen;
// ERROR: %f:7:5: error: not supported yet: an equation in a when-clause that determines an element chosen at run time (a subscript that is not a parameter expression)
