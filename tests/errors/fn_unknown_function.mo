// A call of a function that does not exist: "did you mean" points at the closest function.
package P
  function square
    input Real x;
    output Real y;
  algorithm
    y := x*x;
  end square;
  model M
    Real v = sqaure(time);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:10:14: error: unknown function 'sqaure'
// ERROR: %f:3:12: note: did you mean 'square'?
