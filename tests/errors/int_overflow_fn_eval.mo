// Integers are 32-bit (spec 4.9.2) in functions evaluated when the model is compiled too: 13! does not fit.
model IntOverflowFnEval
  function fact
    input Integer n;
    output Integer r = 1;
  algorithm
    for i in 2:n loop
      r := r * i;
    end for;
  end fact;
  parameter Integer p = fact(13);
  Real x[p];
end IntOverflowFnEval;
// ERROR: %f:8:12: error: Integer overflow: 479001600 * 13 is outside the Integer range -2147483648..2147483647 (specification 4.9.2) when 'IntOverflowFnEval.fact' is evaluated at compile time (in the value of 'p')
// ERROR: %f:11:25: note: in this call
// ERROR: %f:12:10: note: an array dimension needs it here
