// Arrays in functions: an array's elements are Strings or numbers, never both.
package P
  function mixed
    input Integer n;
    output String s;
  protected
    String w[2] = {"a", n};
  algorithm
    s := w[1];
  end mixed;
  model M
    String s = mixed(2);
  equation
    assert(s <> "", "empty");
  end M;
end P;
// ARGS: %f P.M
// ERROR: %f:7:25: error: the elements of an array are Strings and numbers
// ERROR: %f:12:16: note: in a call of 'P.mixed'
