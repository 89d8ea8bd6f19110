// inner/outer, the other forms (spec 5.4): an outer with no inner gets one added at the top of the model
// (a warning, with its class's missingInnerMessage); an outer function is the inner function of the
// enclosing instance (5.4.1); an outer constant of a package is the inner of the instance using it; an
// outer of a base class sees only that class's elements of the inner (here k, not extra).
model InnerOuterAdded
  model Env
    parameter Real T = 293.15;
    annotation(defaultComponentName = "env", missingInnerMessage = "No 'env' component is defined: a default one is used");
  end Env;
  model Heater
    outer Env env;
    Real T = env.T + 10;
  end Heater;
  partial function Law
    input Real x;
    output Real y;
  end Law;
  function Square
    extends Law;
  algorithm
    y := x * x;
  end Square;
  model Use
    outer function law = Law;
    Real y = law(3);
    package Settings
      outer constant Integer n;
    end Settings;
    Integer m = Settings.n;
  end Use;
  record Base
    Real k;
  end Base;
  record Extended
    extends Base;
    Real extra;
  end Extended;
  model Reader
    outer Base coef;
    Real y = 2 * coef.k;
  end Reader;
  model System
    inner function law = Square;
    inner constant Integer n = 4;
    inner Extended coef(k = 1.5, extra = 7);
    Use use;
    Reader reader;
  end System;
  Heater heater;
  System system;
end InnerOuterAdded;
