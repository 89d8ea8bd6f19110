// Integer() of an element of a Real array chosen by an enumeration is no conversion of an enumeration
// value (4.9.5.1): an error, not the Real value.
// ERROR: %f:11:18: error: Integer() takes an enumeration value
package R
  type E = enumeration(a, b, c);
  function g
    input E k;
    input Real x[3];
    output Real y;
  algorithm
    y := Integer(x[k]);
  end g;
  model M
    Real y = g(E.b, {1, 2.7, 3});
  end M;
end R;
// MODEL: R.M
