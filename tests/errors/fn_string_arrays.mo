// Arrays of Strings in functions: an input of more than one dimension is not supported yet (vectors
// are: tests/sim/function_string_arrays.sh, tests/sim/function_string_locals.sh).
package P
  function rows "a matrix of Strings as an input"
    input String s[:, :];
    output Integer n;
  algorithm
    n := size(s, 1);
  end rows;
  model Local
    Integer n = rows({{"a"}, {"b"}});
  end Local;
end P;
// ARGS: --flat %f P.Local
// ERROR: %f:5:18: error: not supported yet: arrays of Strings of 2 dimensions as inputs of functions
// ERROR: %f:11:17: note: in a call of 'P.rows'
