function Defaults
  input Real x := 1;
  output Real y := 2;
algorithm
  y := x;
end Defaults;
