// A short class with class redeclarations, package P2 = P(redeclare model A = B), used as a scope:
// P2.A is B, for a component's type (P2.A a), inside the package's own classes (P2.C, whose A a is B),
// and as a base class (extends P2.A: transitively non-replaceable, as redeclare without replaceable
// makes A final in P2; spec 7.1.4, 7.3). Before, the names went to P itself and silently kept x = 2
// (the compliance suite's Inheritance.Flattening.ReplacedBaseClass).
model RedeclareShortPackage
  package P
    replaceable model A
      Integer x = 2;
    end A;
    model C
      A a;
    end C;
  end P;
  model B
    Integer x = 3;
  end B;
  package P2 = P(redeclare model A = B);
  package P3 = P2;
  extends P2.A;
  P2.A a;
  P2.C c;
  P3.A d;
  P.A e;
end RedeclareShortPackage;
