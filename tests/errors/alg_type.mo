model AlgType
  Integer n;
algorithm
  n := 1.5 * time;
end AlgType;
// ERROR: %f:4:8: error: cannot assign a Real value to Integer variable 'n'
