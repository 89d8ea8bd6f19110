// Integer() converts enumeration values only (specification 4.9.5.1); integer() rounds a Real down.
// ERROR: %f:8:18: error: Integer() takes an enumeration value
package P
  function g
    input Real r;
    output Integer y;
  algorithm
    y := Integer(r);
  end g;
  model M
    Integer i = g(time);
  end M;
end P;
// MODEL: P.M
