// Class redeclarations (spec 7.3): in a short class's modifier, a component's modifier, an extends
// modifier and as elements of a class body; redeclare model extends (7.3.1); packages whose constants
// and functions the text uses; the constraining clause's modifier (7.3.2: the old short class's own
// when there is no constrainedby) on the new class; the base classes' text sees the new class.
model RedeclareClass
  model A parameter Real k = 1; Real x = k; end A;
  model B parameter Real k = 2; Real x = 2*k; end B;
  model C
    replaceable model M = A;
    M m;
  end C;
  model C2 = C(redeclare model M = B) "in a short class";
  model D "as an element of a class body"
    extends C;
    redeclare replaceable model M = B(k = 5);
  end D;
  model E "in an extends modifier, through a base of a base"
    extends D(redeclare model M = A(k = 7));
  end E;
  model F "redeclare model extends: the inherited M with one more component"
    extends C;
    redeclare model extends M
      Real y = x + 1;
    end M;
  end F;
  package P1
    constant Integer n = 2;
    function f input Real u; output Real y; algorithm y := u + 1; end f;
  end P1;
  package P2
    constant Integer n = 3;
    function f input Real u; output Real y; algorithm y := 10*u; end f;
  end P2;
  model G "a package: its constants in dimensions, its functions in equations"
    replaceable package Pk = P1;
    Real v[Pk.n] = fill(Pk.f(1), Pk.n);
  end G;
  model H "constrainedby with a modifier, on the default and on the redeclared class"
    replaceable model N = A constrainedby A(k = 3);
    N n;
  end H;
  model Circuit "spec 7.3.2's Circuit: the old short class's modifier stays"
    replaceable model NL = A(k = 100);
    NL nl;
  end Circuit;
  model I "a component of a specialized class whose nested class uses the redeclared one"
    replaceable model M = A;
    model Inner
      M m2;
    end Inner;
    Inner inner1;
  end I;
  C2 c2;
  D d;
  E e;
  F f;
  G g1;
  G g2(redeclare package Pk = P2);
  H h1;
  H h2(redeclare model N = B);
  Circuit ci(redeclare model NL = B);
  I i(redeclare model M = B);
end RedeclareClass;
