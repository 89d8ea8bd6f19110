// A base reached twice (a diamond: D extends B and C, both extending A) brings its equations once:
// syntactically equal inherited equations are discarded (specification 7.1). They were doubled, which
// made the system over-determined.
package DiamondEquations
  model A
    Real x(start = 1, fixed = true);
  equation
    der(x) = -x;
  end A;
  model B
    extends A;
  end B;
  model C
    extends A;
  end C;
  model D
    extends B;
    extends C;
  end D;
end DiamondEquations;
// MODEL: DiamondEquations.D
