// sum of an Integer vector in a function evaluated when the model is compiled is checked step by step,
// as the simulator checks it (mo2c_areduce_int): sum({2147483647, 1, -1}) overflows at its first
// addition although its value would fit.
model IntOverflowSumFn
  function g
    input Integer n;
    output Integer r;
  algorithm
    r := sum({2147483647, n, -1});
  end g;
  parameter Integer s = g(1);
  Real w[s];
end IntOverflowSumFn;
// ERROR: %f:9:10: error: Integer overflow: 2147483647 + 1 is outside the Integer range -2147483648..2147483647 (specification 4.9.2) when 'IntOverflowSumFn.g' is evaluated at compile time (in the value of 's')
// ERROR: %f:11:25: note: in this call
// ERROR: %f:12:10: note: an array dimension needs it here
