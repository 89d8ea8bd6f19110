within Modelica.Mechanics.Rotational.Components;
model SpringDamper "Linear 1D rotational spring and damper in parallel"
  Modelica.Mechanics.Rotational.Interfaces.Flange_a flange_a "Left flange of compliant 1-dim. rotational component";
  Modelica.Mechanics.Rotational.Interfaces.Flange_b flange_b "Right flange of compliant 1-dim. rotational component";
  parameter SI.RotationalSpringConstant c(final min = 0, start = 1.0e5) "Spring constant";
  parameter SI.RotationalDampingConstant d(final min = 0, start = 0) "Damping constant";
  parameter SI.Angle phi_rel0 = 0 "Unstretched spring angle";
  SI.Angle phi_rel(start = 0) "Relative rotation angle (= flange_b.phi - flange_a.phi)";
  SI.AngularVelocity w_rel(start = 0) "Relative angular velocity (= der(phi_rel))";
  SI.AngularAcceleration a_rel(start = 0) "Relative angular acceleration (= der(w_rel))";
  SI.Torque tau "Torque between flanges (= flange_b.tau)";
  SI.Torque tau_c "Spring torque";
  SI.Torque tau_d "Damping torque";
  SI.Power lossPower "Loss power leaving component via heatPort (> 0, if heat is flowing out of component)";
equation
  phi_rel = flange_b.phi - flange_a.phi;
  w_rel = der(phi_rel);
  a_rel = der(w_rel);
  flange_b.tau = tau;
  flange_a.tau = -tau;
  tau_c = c*(phi_rel - phi_rel0);
  tau_d = d*w_rel;
  tau = tau_c + tau_d;
  lossPower = tau_d*w_rel;
  annotation (Documentation(info="<html>
<p>A spring and a damper in parallel: <code>tau_c = c*(phi_rel - phi_rel0)</code>,
<code>tau_d = d*w_rel</code>, <code>tau = tau_c + tau_d</code> and the damper's
<code>lossPower = tau_d*w_rel</code>; <code>w_rel</code> and <code>a_rel</code> are the
derivatives of the relative angle.</p>
</html>"));
end SpringDamper;
