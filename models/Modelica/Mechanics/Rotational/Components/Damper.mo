within Modelica.Mechanics.Rotational.Components;
model Damper "Linear 1D rotational damper"
  Modelica.Mechanics.Rotational.Interfaces.Flange_a flange_a "Left flange of compliant 1-dim. rotational component";
  Modelica.Mechanics.Rotational.Interfaces.Flange_b flange_b "Right flange of compliant 1-dim. rotational component";
  parameter SI.RotationalDampingConstant d(final min = 0, start = 0) "Damping constant";
  SI.Angle phi_rel(start = 0) "Relative rotation angle (= flange_b.phi - flange_a.phi)";
  SI.AngularVelocity w_rel(start = 0) "Relative angular velocity (= der(phi_rel))";
  SI.Torque tau "Torque between flanges (= flange_b.tau)";
  SI.Power lossPower "Loss power leaving component via heatPort (> 0, if heat is flowing out of component)";
equation
  phi_rel = flange_b.phi - flange_a.phi;
  w_rel = der(phi_rel);
  flange_b.tau = tau;
  flange_a.tau = -tau;
  tau = d*w_rel;
  lossPower = tau*w_rel;
  annotation (Documentation(info="<html>
<p>Linear, massless rotational damper: <code>tau = d*w_rel</code> with
<code>w_rel = der(phi_rel)</code>; the dissipated power is <code>lossPower = tau*w_rel</code>.</p>
</html>"));
end Damper;
