// One base inherited twice (a diamond) with modifications written alike in two classes of different
// packages: they are identical (specification 7.1) when their names denote the same elements from both,
// here the constant c of the package around both (neither P1 nor P2 declares one), the function f, and
// k, a parameter of both classes that the diamond makes one. tests/errors/inherit_diamond_names.mo: a
// name that denotes different constants.
package Dia
  constant Real c = 3;
  function f
    input Real u;
    output Real y = 2 * u;
  end f;
  partial model A
    parameter Real x = 1;
    parameter Real k = 1;
    parameter Real z = 0;
  end A;
  package P1
    partial model B
      extends A(x = f(c), z = k);
    end B;
  end P1;
  package P2
    partial model C
      extends A(x = f(c), z = k);
    end C;
  end P2;
  model D
    extends P1.B(k = 4);
    extends P2.C(k = 4);
  end D;
end Dia;
// MODEL: Dia.D
