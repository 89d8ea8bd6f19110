// An encapsulated class still sees the predefined types (Real) and its own import.
package Q
  constant Real c = 3;
end Q;
encapsulated model M
  import Q.c;
  Real x;
equation
  x = c;
end M;
// MODEL: M
