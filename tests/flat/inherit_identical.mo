// An element inherited from two bases is one element when the declarations are identical once the
// modifications on the way are applied (specification 7.1); description strings may differ. MSL Fluid's
// SimpleGenericOrifice inherits m_flow so from PartialTwoPortTransport (modified) and PartialLumpedFlow.
// tests/errors/inherit_not_identical.mo: different after modification.
package D
  model A
    Real x(start = 1) "in A";
  end A;
  model B
    Real x(start = 1, min = 0) "in B";
  end B;
  model M
    extends A(x(min = 0));
    extends B;
  equation
    x = time;
  end M;
end D;
// MODEL: D.M
