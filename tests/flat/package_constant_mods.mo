// A package constant has the value the modifiers of the classes its name goes through give it (spec
// 7.2): package M2 = M1(y = 200), package M1 extends P(y = 100), a redeclared package, and a constant
// a class inherits through a modified extends clause, used by a simple name.
model PackageConstantMods
  package P
    constant Integer y = 10;
    constant Integer n = 1;
    constant Integer m = n + 1;
  end P;
  package M1
    extends P(y = 100);
  end M1;
  package M2 = M1(y = 200);
  model B
    replaceable package Medium = P;
    parameter Integer y = Medium.y;
    Real v[Medium.n];
  equation
    v = fill(y, Medium.n);
  end B;
  package Q
    extends P(n = 3);
    constant Integer twice = 2*n;
  end Q;
  parameter Integer a = P.y;
  parameter Integer b = M1.y;
  parameter Integer c = M2.y;
  parameter Integer d = Q.twice;
  parameter Integer e = Q.m "4: P's binding of m, with Q's n";
  B b1;
  B b2(redeclare package Medium = M2);
  B b3(redeclare package Medium = Q);
end PackageConstantMods;
