// 'break' only leaves loops.
package P
  function f
    input Real x;
    output Real y;
  algorithm
    y := x;
    break;
  end f;
  model M
    Real a = f(time);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:8:5: error: 'break' outside a loop
