// An element inherited from two base classes, or inherited and declared again, with the same
// declaration is kept once (spec 7.1; the MSL's battery records extend two icons that both declare
// constant String CellType = "Cell Data").
model InheritIdentical
  record R1
    constant String kind = "cell" "a description";
    parameter Real a = 1;
  end R1;
  record R2
    constant String kind = "cell" "another description";
    parameter Real b = 2;
  end R2;
  model M
    extends R1;
    extends R2;
    parameter Real a = 1;
    Real x = a + b;
  end M;
  M m;
end InheritIdentical;
