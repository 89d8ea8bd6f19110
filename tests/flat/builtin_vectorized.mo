// A function declared external "builtin" (as Modelica.Math.sin is) called with an array argument is
// the built-in applied element by element, as a vectorized call (spec 12.4.6; MultiBody's
// Examples.Elementary.Surfaces: Modelica.Math.sin(Modelica.Constants.pi * pipe.xsi)).
model BuiltinVectorized
  function mysin
    input Real u;
    output Real y;
  external "builtin" y = sin(u);
  end mysin;
  parameter Real xsi[3] = {0, 0.5, 1};
  Real T[3] = mysin(xsi) * mysin(time) .+ 1;
  Real s = mysin(time);
end BuiltinVectorized;
