// A vector of Strings input given numbers.
package P
  function first
    input String names[:];
    output Integer n;
  algorithm
    n := if names[1] == "a" then 1 else 0;
  end first;
  model Numbers
    Integer n = first({1, 2});
  end Numbers;
end P;
// ARGS: --flat %f P.Numbers
// ERROR: %f:10:23: error: argument 'names' of 'P.first' must be a vector of Strings
