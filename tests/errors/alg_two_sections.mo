model AlgTwoSections
  Real x[2](start = {-11, -22});
algorithm
  x[1] := 1;
algorithm
  x[2] := 2;
end AlgTwoSections;
// The specification's own example (11.1.2): each section initializes the whole array x.
// ERROR: %f:5:1: error: 'x[1]' is assigned in two algorithm sections
// ERROR: %f:3:1: note: the other algorithm section that assigns 'x[1]'
