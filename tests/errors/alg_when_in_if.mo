model AlgWhenInIf
  Real x(start = 0, fixed = true);
  discrete Real y;
equation
  der(x) = 1;
algorithm
  if x > 0.5 then
    when x > 0.7 then
      y := 1;
    end when;
  end if;
end AlgWhenInIf;
// ERROR: %f:8:5: error: a when-statement cannot be inside an if-, for- or while-statement
