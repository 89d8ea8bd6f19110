// An output that no statement assigns is an error (its value would be undefined).
package P
  function f
    input Real x;
    output Real y;
    output Real z;
  algorithm
    y := x;
  end f;
  model M
    Real a, b;
  equation
    (a, b) = f(time);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:6:17: error: output 'z' of function 'P.f' is never assigned
// ERROR: %f:13:14: note: in a call of 'P.f'
