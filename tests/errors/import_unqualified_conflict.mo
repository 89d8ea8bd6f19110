// A name found through two unqualified import-clauses is an error (spec 5.3.1), protected elements are
// not imported (4.1): z comes from Q only.
package P
  constant Real x = 1;
protected
  constant Real z = 1;
end P;
package Q
  constant Real x = 2;
  constant Real z = 3;
end Q;
model M
  import P.*;
  import Q.*;
  Real y = x + z;
end M;
// MODEL: M
// ERROR: %f:14:3: error: 'x' is found through two unqualified import-clauses (specification 5.3.1)
// ERROR: %f:13:3: note: the other import-clause that has 'x'
