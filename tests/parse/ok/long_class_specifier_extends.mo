package P
  replaceable model M
    Real x;
  end M;
end P;
package Q
  extends P;
  redeclare model extends M(x(start = 1)) "extended"
    Real y;
  equation
    y = x;
  end M;
end Q;
