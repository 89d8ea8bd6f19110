// One base inherited twice (a diamond) with modifications written alike, x = c, in classes where c
// denotes different constants (P1.c = 1, P2.c = 2): not identical (specification 7.1), an error, never
// one of them kept silently. tests/flat/inherit_diamond_names.mo: names that denote the same elements.
package Dia
  partial model A
    parameter Real x = 1;
  end A;
  package P1
    constant Real c = 1;
    partial model B
      extends A(x = c);
    end B;
  end P1;
  package P2
    constant Real c = 2;
    partial model C
      extends A(x = c);
    end C;
  end P2;
  model D
    extends P1.B;
    extends P2.C;
  end D;
end Dia;
// MODEL: Dia.D
// ERROR: %f:6:20: error: 'x' is inherited twice with modifications written alike in which 'c' denotes different elements (specification 7.1)
// ERROR: %f:21:13: note: one of them is inherited here
// ERROR: %f:22:13: note: one of them is inherited here
