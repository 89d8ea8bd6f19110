within Mylib.Sub;
model Thing "a model found through the library path"
  parameter Real k = version + 1;
  Real x(start = 1, fixed = true);
equation
  der(x) = -k*x;
end Thing;
