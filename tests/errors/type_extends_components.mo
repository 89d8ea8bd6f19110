model TypeExtendsComponents
  connector C
    extends Real;
    Real e;
  end C;
  C c;
end TypeExtendsComponents;
// ERROR: %f:4:10: error: 'C' extends the scalar type 'Real', so it cannot have components
// ERROR: %f:3:13: note: 'C' extends 'Real' here
