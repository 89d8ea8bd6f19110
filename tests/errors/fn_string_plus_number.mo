// + of a String and a number inside a function.
package P
  function f
    input Real x;
    output Real y;
  protected
    String s;
  algorithm
    s := "x = " + x;
    y := x;
  end f;
  model M
    Real v = f(time);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:9:10: error: operator '+' cannot combine a String and a number
