within Modelica.Mechanics.Translational.Components;
model Fixed "Fixed flange"
  parameter SI.Position s0 = 0 "Fixed offset position of housing";
  Modelica.Mechanics.Translational.Interfaces.Flange_b flange "Flange fixed in housing at a given position";
equation
  flange.s = s0;
  annotation (Documentation(info="<html>
<p>The flange is fixed at the constant position <code>s0</code>; it takes whatever reaction
force holds it there.</p>
</html>"));
end Fixed;
