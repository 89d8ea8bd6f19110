// Two qualified import-clauses of one class cannot give the same name (spec 13.2.2).
package P
  constant Real x = 1;
end P;
package Q
  constant Real x = 2;
end Q;
model M
  import P.x;
  import x = Q.x;
  Real y = x;
end M;
// MODEL: M
// ERROR: %f:10:3: error: two import-clauses give the name 'x' (specification 13.2.2)
// ERROR: %f:9:3: note: the other import of 'x' is here
