// Two inherited declarations of x that differ after modification (min = 1 against min = 0): an error
// (specification 7.1); tests/flat/inherit_identical.mo has the identical case.
// ERROR: %f:10:10: error: duplicate declaration of 'x'
// ERROR: note: previous declaration of 'x' is here
package D
  model A
    Real x(start = 1);
  end A;
  model B
    Real x(start = 1, min = 0);
  end B;
  model M
    extends A(x(min = 1));
    extends B;
  equation
    x = time;
  end M;
end D;
// MODEL: D.M
