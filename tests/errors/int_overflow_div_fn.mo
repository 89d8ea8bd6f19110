// div(-2147483648, -1) leaves the 32-bit Integer range (spec 4.9.2) in a function evaluated when the
// model is compiled too.
model IntOverflowDivFn
  function f
    input Integer n;
    output Integer r;
  algorithm
    r := div(n, -1);
  end f;
  parameter Integer b = f(-2147483647 - 1);
  Real x[if b < 0 then 1 else 2];
end IntOverflowDivFn;
// ERROR: %f:8:10: error: Integer overflow: div(-2147483648, -1) is outside the Integer range -2147483648..2147483647 (specification 4.9.2) when 'IntOverflowDivFn.f' is evaluated at compile time (in the value of 'b')
// ERROR: %f:10:25: note: in this call
// ERROR: %f:11:10: note: an array dimension needs it here
