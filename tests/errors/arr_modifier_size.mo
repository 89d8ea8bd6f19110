model ArrModifierSize
  model C
    parameter Real k;
  end C;
  C c[3](k = {1, 2});
  Real x[2](start = 1);
end ArrModifierSize;
// ERROR: %f:5:14: error: the value for 'k' has size [2], but 'c' has size [3]
