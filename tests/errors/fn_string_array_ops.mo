// Arrays of Strings in functions: element-wise operators over whole arrays are not supported yet.
package P
  function joined
    input Integer n;
    output String s;
  protected
    String w[2] = {"a", "b"};
    String v[2];
  algorithm
    v := w + {"x", "y"};
    s := v[n];
  end joined;
  model M
    String s = joined(1);
  equation
    assert(s <> "", "empty");
  end M;
end P;
// ARGS: %f P.M
// ERROR: %f:10:10: error: not supported yet: operator '+' on arrays of Strings in functions
// ERROR: %f:14:16: note: in a call of 'P.joined'
