// A protected local class is not modified from outside its class (4.1, 4.5.3); an extends clause may
// (tests/flat/class_modification.mo).
package P
  model C1
  protected
    model H
      Real h = 1;
    end H;
    H hh;
  end C1;
  model Prot
    C1 a(H(h = 2));
  end Prot;
end P;
// MODEL: P.Prot
// ERROR: %f:12:10: error: cannot modify protected element 'H'
// ERROR: %f:6:11: note: 'H' is declared protected here
