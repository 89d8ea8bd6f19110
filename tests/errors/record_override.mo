model RecordOverride "a field modified where the whole record has a value (spec 7.2, the example of B b1(a(x = 4)))"
  record A
    parameter Real x;
    parameter Real y;
  end A;
  model B
    parameter A a = A(2, 3);
  end B;
  B b1(a(x = 4));
  B b2(a = A(4, 5));
end RecordOverride;
// ERROR: %f:9:10: error: cannot modify 'b1.a.x': 'b1.a' is given a value as a whole
// ERROR: %f:7:21: note: the value of 'b1.a' is given here
