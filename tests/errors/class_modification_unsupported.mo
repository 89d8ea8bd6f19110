// Modifications of local classes (spec 4.5.3): one that merges modifiers written in two classes (M's
// a(Inner(y = k)) and Outer's m(a(Inner(z = 11)))) is not supported yet; a protected local class is not
// modified from outside (class_modification_protected.mo).
package P
  model C1
    model Inner
      parameter Real y = 1;
      Real z = 2;
    end Inner;
    Inner i1;
  end C1;
  model M
    constant Real k = 5;
    C1 a(Inner(y = k));
  end M;
  model Outer
    M m(a(Inner(z = 11)));
  end Outer;
end P;
// MODEL: P.Outer
// ERROR: %f:17:11: error: not supported yet: modifying the local class 'Inner' by modifiers written in two classes, or holding a redeclaration or 'each' (specification 4.5.3)
