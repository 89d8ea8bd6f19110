// A vector of Strings given to an external function: not supported yet (it has no slot to pass).
package P
  function f
    input String names[:];
    output Integer n;
  external "C" n = count_names(names, size(names, 1));
  end f;
  model M
    Integer n = f({"a", "b"});
  end M;
end P;
// ARGS: --flat %f P.M
// ERROR: %f:4:18: error: not supported yet: arrays of Strings as arguments of external functions
