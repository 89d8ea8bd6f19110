// String(x, format = ...) in a function: a literal conversion for the value's type.
package P
  function f
    input Integer n;
    output Real y;
  protected
    String s;
  algorithm
    s := String(n, format = "8.2f");
    y := n;
  end f;
  model M
    Real v = f(3);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:9:29: error: the format of String() must be a String literal [flags][width][.precision] with a conversion among d, i, o, x, X, u
