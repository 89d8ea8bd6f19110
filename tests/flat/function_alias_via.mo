// A function alias (a short class without modifiers: PartialMedium's function heatCapacity_cp =
// specificHeatCapacityCp) called through a package that inherits it with a constant's value (Medium =
// Air, extends PM(cp_const = 1005)): the function it names reads Air's constants, as a call of the
// function itself does (Medium.cp); so does an unqualified call of the alias from another function of
// the package (twice). MSL: ModelicaTest.Media.TestAllProperties.SimpleAir's heatCapacity_cp.
package FunctionAliasVia
  partial package PM
    constant Real cp_const;
    replaceable function cp
      input Real T;
      output Real y;
    algorithm
      y := cp_const*T;
    end cp;
    function cpAlias = cp "alias";
    function twice
      input Real T;
      output Real y;
    algorithm
      y := 2*cpAlias(T);
    end twice;
  end PM;
  package Air
    extends PM(cp_const = 1005);
  end Air;
  model M
    package Medium = Air;
    Real a = Medium.cp(2);
    Real b = Medium.cpAlias(2);
    Real c = Medium.twice(2);
  end M;
end FunctionAliasVia;
// MODEL: FunctionAliasVia.M
