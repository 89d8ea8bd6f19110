within Modelica.Mechanics.Translational.Components;
model Spring "Linear 1D translational spring"
  Modelica.Mechanics.Translational.Interfaces.Flange_a flange_a "Left flange of compliant 1-dim. translational component";
  Modelica.Mechanics.Translational.Interfaces.Flange_b flange_b "Right flange of compliant 1-dim. translational component";
  parameter SI.TranslationalSpringConstant c(final min = 0, start = 1) "Spring constant";
  parameter SI.Distance s_rel0 = 0 "Unstretched spring length";
  SI.Position s_rel(start = 0) "Relative distance (= flange_b.s - flange_a.s)";
  SI.Force f "Force between flanges (positive in direction of flange axis R)";
equation
  s_rel = flange_b.s - flange_a.s;
  flange_b.f = f;
  flange_a.f = -f;
  f = c*(s_rel - s_rel0);
  annotation (Documentation(info="<html>
<p>Linear, massless spring: <code>f = c*(s_rel - s_rel0)</code>, the force on flange_b
(and <code>-f</code> on flange_a).</p>
</html>"));
end Spring;
