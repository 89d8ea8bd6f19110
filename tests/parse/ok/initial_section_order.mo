model Init
  Real x;
initial equation
  x = 1;
equation
  der(x) = -x;
initial algorithm
  x := 2;
end Init;
