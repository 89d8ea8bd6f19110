// Vectors of Strings in functions: inputs only, given Strings known when the model is compiled.
package P
  function local "a vector of Strings that is no input"
    input Integer k;
    output Integer n;
  protected
    String s[2] = {"a", "b"};
  algorithm
    n := k;
  end local;
  model Local
    Integer n = local(1);
  end Local;
end P;
// ARGS: --flat %f P.Local
// ERROR: %f:7:12: error: not supported yet: arrays of Strings in functions, but for inputs
// ERROR: %f:12:17: note: in a call of 'P.local'
