within Modelica.Mechanics.Rotational;
package Components "Components for 1D rotational mechanical drive trains"
  import SI = Modelica.Units.SI;
  annotation (Documentation(info="<html>
<p>Inertia, spring, damper, spring-damper, fixed flange and ideal gear, with the names and
parameters of the Modelica Standard Library 4. Sign convention: a flange's <code>tau</code>
is the cut torque flowing into the component; <code>phi_rel = flange_b.phi - flange_a.phi</code>.</p>
</html>"));
end Components;
