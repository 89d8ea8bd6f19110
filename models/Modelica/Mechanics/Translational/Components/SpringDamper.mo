within Modelica.Mechanics.Translational.Components;
model SpringDamper "Linear 1D translational spring and damper in parallel"
  Modelica.Mechanics.Translational.Interfaces.Flange_a flange_a "Left flange of compliant 1-dim. translational component";
  Modelica.Mechanics.Translational.Interfaces.Flange_b flange_b "Right flange of compliant 1-dim. translational component";
  parameter SI.TranslationalSpringConstant c(final min = 0, start = 1) "Spring constant";
  parameter SI.TranslationalDampingConstant d(final min = 0, start = 1) "Damping constant";
  parameter SI.Position s_rel0 = 0 "Unstretched spring length";
  SI.Position s_rel(start = 0) "Relative distance (= flange_b.s - flange_a.s)";
  SI.Velocity v_rel(start = 0) "Relative velocity (= der(s_rel))";
  SI.Force f "Forces between flanges (= flange_b.f)";
  SI.Power lossPower "Loss power leaving component via heatPort (> 0, if heat is flowing out of component)";
equation
  s_rel = flange_b.s - flange_a.s;
  v_rel = der(s_rel);
  flange_b.f = f;
  flange_a.f = -f;
  f = c*(s_rel - s_rel0) + d*v_rel;
  lossPower = d*v_rel*v_rel;
  annotation (Documentation(info="<html>
<p>A spring and a damper in parallel: <code>f = c*(s_rel - s_rel0) + d*v_rel</code>; the
damper dissipates <code>lossPower = d*v_rel^2</code>.</p>
</html>"));
end SpringDamper;
