// MODEL: PackageView.Top
// Classes reached through a package that modifies the constants it inherits (spec 5.3, 7.1): inside
// Water.Props (written in PartialMedium, redeclared by 'redeclare model extends' in PartialSimple, reached
// through Water, which extends PartialSimple(cp = 4184, ...)), names of PartialMedium's and
// PartialSimple's constants read Water's values, dimensions included (nX from substanceNames), their
// unqualified function calls call the functions as Water has them (Water.h_T reads Water's cp), and a
// String attribute may be an expression of such constants (quantity = "Flow." + mediumName). One more
// package down (Brine extends Water(mediumName = "brine")) and through a replaceable package redeclared in
// a component (Pipe(redeclare package Medium = Brine)) the same.
package PackageView
  partial package PartialMedium
    constant String mediumName = "unusable";
    constant String substanceNames[:] = {mediumName};
    constant Integer nX = size(substanceNames, 1);
    constant Real cp;
    type MassFlowRate = Real(quantity = "Flow." + mediumName, unit = "kg/s");
    replaceable partial model Props
      Real T;
      Real h;
      Real X[nX](each start = 1 / nX);
    equation
      h = h_T(T);
      X = fill(1 / nX, nX);
    end Props;
    replaceable partial function h_T
      input Real T;
      output Real h;
    end h_T;
  end PartialMedium;

  partial package PartialSimple
    extends PartialMedium(substanceNames = {mediumName});
    constant Real T0 = 273.15;
    constant Real T_max;
    redeclare model extends Props
      Real u;
    equation
      u = cp * (T - T0);
      assert(T <= T_max, "too hot");
    end Props;
    redeclare function extends h_T
    algorithm
      h := cp * (T - T0);
    end h_T;
  end PartialSimple;

  package Water
    extends PartialSimple(mediumName = "water", cp = 4184, T_max = 373.15);
  end Water;

  package Brine
    extends Water(mediumName = "brine", substanceNames = {"water", "salt"});
  end Brine;

  model Pipe
    replaceable package Medium = PartialMedium;
    Medium.Props props;
    Medium.MassFlowRate m_flow = 2;
  equation
    props.T = 300;
  end Pipe;

  model Top
    package Medium = Water;
    Medium.Props w;
    Pipe pipe(redeclare package Medium = Brine);
  equation
    w.T = 280;
  end Top;
end PackageView;
