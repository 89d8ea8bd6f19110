package Single "a single-file library"
  model Thing
    Real y;
  equation
    y = 7;
  end Thing;
end Single;
