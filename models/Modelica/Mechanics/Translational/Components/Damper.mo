within Modelica.Mechanics.Translational.Components;
model Damper "Linear 1D translational damper"
  Modelica.Mechanics.Translational.Interfaces.Flange_a flange_a "Left flange of compliant 1-dim. translational component";
  Modelica.Mechanics.Translational.Interfaces.Flange_b flange_b "Right flange of compliant 1-dim. translational component";
  parameter SI.TranslationalDampingConstant d(final min = 0, start = 0) "Damping constant";
  SI.Position s_rel(start = 0) "Relative distance (= flange_b.s - flange_a.s)";
  SI.Velocity v_rel(start = 0) "Relative velocity (= der(s_rel))";
  SI.Force f "Force between flanges (positive in direction of flange axis R)";
  SI.Power lossPower "Loss power leaving component via heatPort (> 0, if heat is flowing out of component)";
equation
  s_rel = flange_b.s - flange_a.s;
  v_rel = der(s_rel);
  flange_b.f = f;
  flange_a.f = -f;
  f = d*v_rel;
  lossPower = f*v_rel;
  annotation (Documentation(info="<html>
<p>Linear, massless damper: <code>f = d*v_rel</code> with <code>v_rel = der(s_rel)</code>;
the dissipated power is <code>lossPower = f*v_rel</code>.</p>
</html>"));
end Damper;
