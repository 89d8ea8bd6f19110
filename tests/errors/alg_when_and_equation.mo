model AlgWhenAndEquation
  discrete Real y;
equation
  when time > 0.5 then
    y = 1;
  end when;
algorithm
  y := 2;
end AlgWhenAndEquation;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:5:5: error: 'y' is assigned in a when-equation and in an algorithm section
// ERROR: %f:7:1: note: the algorithm section that assigns 'y'
