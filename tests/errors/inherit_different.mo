// Elements of the same name inherited from two base classes must be identical (spec 7.1).
model InheritDifferent
  model R1
    parameter Real a = 1;
  end R1;
  model R2
    parameter Real a = 2;
  end R2;
  model M
    extends R1;
    extends R2;
  end M;
  M m;
end InheritDifferent;
// ERROR: %f:7:20: error: duplicate declaration of 'a'
// ERROR: %f:4:20: note: previous declaration of 'a' is here
