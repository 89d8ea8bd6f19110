function Assign
  input Real x;
  output Real y;
  output Real z[2];
algorithm
  y := x;
  z[1] := 2 * x "doubled";
  z[end] := y annotation(x = 1);
  .Global.v := 1;
end Assign;
