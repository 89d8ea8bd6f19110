// Arithmetic on Booleans is refused in function bodies as in models (types_boolean_numbers.mo): it was
// accepted there, true taken as 1 (types_boolean_numbers_function1..3.mo).
// MODEL: P.M
// ERROR: %f:10:10: error: an operand of '*' is Boolean; arithmetic needs numbers (Integer(b) or if b then 1 else 0 converts)
package P
  function h
    input Integer n;
    output Real r;
  algorithm
    r := 2 * (n > 5);
  end h;
  model M
    Real s = h(integer(time) + 2);
  end M;
end P;
