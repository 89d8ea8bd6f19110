// Modifications of local classes (spec 4.5.3) are applied in extends clauses; in the modifier of a
// component: not yet (by a dotted name: class_modification_dotted.mo).
package P
  model A
    model B
      Real x = 2.0;
    end B;
    B b;
  end A;
  model InComponent
    A a(B(x = 4.0));
  end InComponent;
end P;
// MODEL: P.InComponent
// ERROR: %f:11:9: error: not supported yet: modifying the local class 'B' in the modifier of a component (in an extends clause it is supported; specification 4.5.3)
