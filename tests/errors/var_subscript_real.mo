model VarSubscriptReal
  Real r = time;
  Real x[2] = {1, 2};
  Real y = x[r];
end VarSubscriptReal;
// ERROR: %f:4:14: error: a subscript must be an Integer, Boolean or enumeration expression, not Real
