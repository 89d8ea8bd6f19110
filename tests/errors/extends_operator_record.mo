// No long class extends an operator record (spec 4.7).
package P
  operator record OR
    Real x;
  end OR;
  operator record OR2
    extends OR(x = 2.0);
  end OR2;
end P;
model M
  P.OR2 r;
end M;
// MODEL: M
// ERROR: %f:7:13: error: 'OR2' extends the operator record 'OR': only a short class definition may (specification 4.7)
