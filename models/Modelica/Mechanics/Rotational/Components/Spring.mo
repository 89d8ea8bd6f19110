within Modelica.Mechanics.Rotational.Components;
model Spring "Linear 1D rotational spring"
  Modelica.Mechanics.Rotational.Interfaces.Flange_a flange_a "Left flange of compliant 1-dim. rotational component";
  Modelica.Mechanics.Rotational.Interfaces.Flange_b flange_b "Right flange of compliant 1-dim. rotational component";
  parameter SI.RotationalSpringConstant c(final min = 0, start = 1.0e5) "Spring constant";
  parameter SI.Angle phi_rel0 = 0 "Unstretched spring angle";
  SI.Angle phi_rel(start = 0) "Relative rotation angle (= flange_b.phi - flange_a.phi)";
  SI.Torque tau "Torque between flanges (= flange_b.tau)";
equation
  phi_rel = flange_b.phi - flange_a.phi;
  flange_b.tau = tau;
  flange_a.tau = -tau;
  tau = c*(phi_rel - phi_rel0);
  annotation (Documentation(info="<html>
<p>Linear, massless rotational spring: <code>tau = c*(phi_rel - phi_rel0)</code>, the
torque acting on flange_b (and <code>-tau</code> on flange_a).</p>
</html>"));
end Spring;
