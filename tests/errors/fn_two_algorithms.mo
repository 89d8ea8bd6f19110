model FuncTwoAlgorithms
  function base
    input Real a;
    output Real b;
  algorithm
    b := a;
  end base;
  function f
    extends base;
  algorithm
    b := 2 * a;
  end f;
  Real x = f(time);
end FuncTwoAlgorithms;
// A function has at most one algorithm section, inherited ones counted (12.2).
// ERROR: %f:10:3: error: function 'FuncTwoAlgorithms.f' has more than one algorithm section
// ERROR: %f:5:3: note: its first algorithm section
// ERROR: %f:13:12: note: in a call of 'FuncTwoAlgorithms.f'
