// A function of package Q that extends a function of the package B that Q inherits with a constant's
// value (MSL MoistAir's redeclare function extends density_derX, whose inherited output is
// Density[nX] dddX in PartialMedium's text): the inherited text reads Q's n (2), not B's (1), also
// through a constant defined by another (m = n in B's text).
package FunctionExtendsPkgConst
  partial package B
    constant Integer n = 1;
    constant Integer m = n;
    replaceable partial function f
      output Real y[m];
    end f;
  end B;
  package Q
    extends B(n = 2);
    redeclare function extends f
    algorithm
      y := fill(1, n);
    end f;
  end Q;
  model M
    Real z[2] = Q.f();
  end M;
end FunctionExtendsPkgConst;
// MODEL: FunctionExtendsPkgConst.M
