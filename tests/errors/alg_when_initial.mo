model AlgWhenInitial
  discrete Real y;
initial algorithm
  when time > 0.5 then
    y := 1;
  end when;
end AlgWhenInitial;
// ERROR: %f:4:3: error: when-statements are not allowed in an initial algorithm section
