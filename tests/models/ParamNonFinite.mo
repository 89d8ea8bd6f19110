package ParamNonFinite
  "Parameters that are NaN or Inf, and asin/acos outside [-1, 1]: the run must stop at the start naming the
  parameter or the call (tests/sim/param_nonfinite.sh)"
  model Acos "acos(c) is outside its domain for |c| > 1 (-override=c=1.5); y reads p through a relation only"
    parameter Real c = 0.5;
    parameter Real p = acos(c);
    Real y;
  equation
    y = if p >= 0 then 1 else 2;
  end Acos;

  function arcsin "asin in a function's body"
    input Real u;
    output Real y;
  algorithm
    y := asin(u);
  end arcsin;

  model AsinFunction "asin(c) in a function; c = 0.5: p = pi/6"
    parameter Real c = 0.5;
    parameter Real p = arcsin(c);
    Real y;
  equation
    y = if p >= 0 then p else 2;
  end AsinFunction;

  model AsinVariable "asin(2 t) leaves its domain after t = 0.5"
    Real v;
  equation
    v = asin(2*time);
  end AsinVariable;

  model NaNParam "exp(a) - exp(a) with a = 1000 is Inf - Inf in double: NaN (0 in exact arithmetic)"
    parameter Real a = 1000;
    parameter Real p = exp(a) - exp(a);
    Real y;
  equation
    y = if p >= 0 then 1 else 2;
  end NaNParam;

  model NaNUnfixed "exp(a) - exp(b), a = b = 1000, in a parameter computed by the initial equations: NaN"
    parameter Real a = 1000;
    parameter Real b = 1000;
    parameter Real p(fixed = false);
    Real y;
  initial equation
    p = exp(a) - exp(b);
  equation
    y = if p >= 0 then 1 else 2;
  end NaNUnfixed;
end ParamNonFinite;
