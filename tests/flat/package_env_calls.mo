// MODEL: PackageEnvCalls.Top
// Unqualified calls in functions and models of a package's bases call what the package has under the
// name (spec 5.3, 7.3): PartialMedium.h_pT calls setState_pTX, which Gas redeclares (Air.h_pT calls
// Gas.setState_pTX, built for Air: it reads Air's R); in a model declared in Extended (which extends
// Water without modifiers, Water extends Base(final hot = true)), an unqualified call of Base's function
// reads Water's constants (hot = true).
package PackageEnvCalls
  partial package PartialMedium
    constant Real R;
    replaceable partial function setState_pTX
      input Real p;
      input Real T;
      output Real d;
    end setState_pTX;
    function h_pT
      input Real p;
      input Real T;
      output Real h;
    algorithm
      h := setState_pTX(p, T) * 2;
    end h_pT;
  end PartialMedium;
  partial package Gas
    extends PartialMedium;
    redeclare function extends setState_pTX
    algorithm
      d := p / (R * T);
    end setState_pTX;
  end Gas;
  package Air
    extends Gas(R = 287);
  end Air;

  partial package Base
    constant Boolean hot;
    function level
      input Real x;
      output Real y;
    algorithm
      y := if hot then 2 * x else x;
    end level;
  end Base;
  package Water
    extends Base(final hot = true);
  end Water;
  package Extended
    extends Water;
    model Probe
      Real y = level(3);
    end Probe;
  end Extended;

  model Top
    Real h = Air.h_pT(1e5, 300);
    Extended.Probe probe;
  end Top;
end PackageEnvCalls;
