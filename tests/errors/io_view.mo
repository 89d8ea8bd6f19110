// Through an outer element of a base class, only that class's elements are seen (not those that the
// inner's class adds).
model IoView
  record Base
    Real k;
  end Base;
  record Extended
    extends Base;
    Real extra;
  end Extended;
  model Reader
    outer Base coef;
    Real y = coef.extra;
  end Reader;
  inner Extended coef(k = 1, extra = 2);
  Reader reader;
end IoView;
// ERROR: %f:13:19: error: 'coef' has no component 'extra'
