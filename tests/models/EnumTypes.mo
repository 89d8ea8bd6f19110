// Enumeration types reached through short classes (type K = E; K.b, for e in K, x[K]) and Integer() of
// enumeration values, in a model and in functions (specification 4.9.5, 11.2.2.1). Hand-computed values
// (tests/sim/enum_types.sh): f(Kind.B) = 2*10 + 3 + (1 + 2 + 3)*100 = 623; g() = 1 + 10 = 11;
// x[e] = Integer(e), so sum(x) = 6; n = Integer(K3.C) = 3; k3 = Kind.B, so isB = 1; h(Kind.B) warns
// "B2C32B" (names of the iterator over a range of literals, numbers of Integer()).
package EnumTypes
  type Kind = enumeration(A, B, C);
  function f
    input Kind k;
    output Real y;
  protected
    type K2 = Kind;
  algorithm
    y := Integer(k) * 10 + Integer(K2.C);
    for e in K2 loop
      y := y + Integer(e) * 100;
    end for;
  end f;
  function g
    input Real r;
    output Integer y = 0;
  algorithm
    for b in Boolean loop
      y := y + (if b then 10 else 1);
    end for;
  end g;
  function h
    input Kind k;
    output Real y = 0;
  protected
    String s = "";
  algorithm
    for e in Kind.B:Kind.C loop
      s := s + String(e) + String(Integer(e));
    end for;
    assert(false, s + String(Integer(k)) + String(k), AssertionLevel.warning);
  end h;
  model M
    type K3 = Kind;
    Real hy = h(k3);
    K3 k3 = K3.B;
    Real x[K3];
    Integer n = Integer(K3.C);
    Real fy = f(k3) + 0 * time;
    Real gy = g(time);
    Real sx = sum(x);
    Real isB = if k3 == Kind.B then 1 else 0;
  equation
    for e in K3 loop
      x[e] = Integer(e);
    end for;
  end M;
end EnumTypes;
