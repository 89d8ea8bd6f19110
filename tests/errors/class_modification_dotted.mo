// Modifications of local classes (spec 4.5.3) by a dotted name: not yet (B(x = 4.0) is supported).
package P
  model A
    model B
      Real x = 2.0;
    end B;
    B b;
  end A;
  model Dotted
    extends A(B.x = 4.0);
  end Dotted;
end P;
// MODEL: P.Dotted
// ERROR: %f:10:15: error: not supported yet: modifying the local class 'B' by a dotted name (write it as a modifier of the class) (specification 4.5.3)
