// Parameters whose values the compiler used (tests/sim/override_structural.sh): -override refuses them
model OverrideStructural
  parameter Integer n = 3 "an array size";
  parameter Integer m = 2 "a for-range";
  parameter Real q = 2 "folded into a String";
  parameter Boolean b = true "an if-equation's condition";
  parameter Boolean c = true "a scalar if-expression's condition: evaluated when the model runs";
  parameter Real k = 1 "an ordinary parameter";
  parameter Real lo = 1 "an end of linspace: points computed when the model runs";
  Real x[n](each start = 1, each fixed = true);
  Real s[m];
  Real len = Modelica.Utilities.Strings.length(String(q));
  Real y;
  Real z = if c then k else -k;
  Real ls[3] = linspace(lo, 3, 3);
equation
  der(x) = -k * x;
  for i in 1:m loop
    s[i] = i;
  end for;
  if b then
    y = 1;
  else
    y = 2;
  end if;
  annotation(experiment(StopTime = 1));
end OverrideStructural;
