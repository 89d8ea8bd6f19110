// A redeclare element cannot be combined with a modifier of the element in the extends clause (spec 7.3).
model RedeclareAndModified
  model H
    replaceable Real x = 1;
  end H;
  model D
    extends H(x = 3);
    redeclare Real x = 2;
  end D;
  D d;
end RedeclareAndModified;
// ERROR: %f:8:20: error: 'x' is both redeclared and modified in the extends clause
// ERROR: %f:7:15: note: modified here
