// Functions a package inherits from a base package whose constants its extends clause modifies
// (tests/sim/inherited_functions.sh): Concrete.f is Simple.f seen from Concrete, so it reads
// Concrete's k (3) and c (5), as the MSL's media do (Modelica.Media: cp_const in temperature_phX)
package InheritedFunctions
  partial package Base
    constant Real c = 1;
  end Base;
  partial package Simple
    extends Base;
    constant Real k = 2;
    constant Real n;
    function g "reads k and n, called unqualified by f"
      input Real x;
      output Real y;
    algorithm
      y := k * x + n;
    end g;
    function f
      input Real x;
      output Real y;
    algorithm
      y := g(x) + c;
    end f;
  end Simple;
  package Concrete
    extends Simple(k = 3, n = 10, c = 5);
  end Concrete;
  package Other
    extends Simple(n = 100);
  end Other;
  package Own "a function of its own reading an inherited, modified constant"
    extends Base(c = 7);
    function h
      input Real x;
      output Real y;
    algorithm
      y := c * x;
    end h;
  end Own;
  model M
    Real y = Concrete.f(time) "3 t + 10 + 5";
    Real z = Other.f(time) "2 t + 100 + 1";
    Real w = Concrete.g(2) "16";
    Real v = Own.h(time) "7 t";
    annotation(experiment(StopTime = 1));
  end M;
end InheritedFunctions;
