// A variable of a discrete type gets a discrete-time value (spec 3.8.3): a function of a continuous
// variable is none, a relation or integer() is one.
model M
  function f
    input Real x;
    output Integer y;
  algorithm
    y := integer(x);
  end f;
  Real x = time;
  Integer y = f(x);
  Integer k = integer(x);
  Boolean b = x > 0.5;
end M;
// MODEL: M
// ERROR: %f:11:15: error: 'y' is a discrete-time Integer, but the expression that gives it its value reads 'x', which is continuous-time (specification 3.8.3)
