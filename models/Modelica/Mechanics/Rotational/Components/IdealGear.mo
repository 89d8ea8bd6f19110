within Modelica.Mechanics.Rotational.Components;
model IdealGear "Ideal gear without inertia"
  Modelica.Mechanics.Rotational.Interfaces.Flange_a flange_a "Flange of left shaft";
  Modelica.Mechanics.Rotational.Interfaces.Flange_b flange_b "Flange of right shaft";
  parameter Real ratio(start = 1) "Transmission ratio (flange_a.phi/flange_b.phi)";
  SI.Angle phi_a "Angle between left shaft flange and support";
  SI.Angle phi_b "Angle between right shaft flange and support";
equation
  phi_a = flange_a.phi;
  phi_b = flange_b.phi;
  phi_a = ratio*phi_b;
  0 = ratio*flange_a.tau + flange_b.tau;
  annotation (Documentation(info="<html>
<p>Ideal gear (no inertia, no losses) with a fixed housing:
<code>flange_a.phi = ratio*flange_b.phi</code> and <code>0 = ratio*flange_a.tau + flange_b.tau</code>
(the power flowing in at flange_a leaves at flange_b).</p>
</html>"));
end IdealGear;
