model ArrModifierEach
  model C
    parameter Real k;
  end C;
  C c[3](k = 2);
end ArrModifierEach;
// ERROR: %f:5:14: error: the value for 'k' is a scalar, but 'c' is an array of size [3] (write 'each' to give every element this value)
