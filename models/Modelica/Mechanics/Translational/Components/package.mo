within Modelica.Mechanics.Translational;
package Components "Components for 1D translational mechanical drive trains"
  import SI = Modelica.Units.SI;
  annotation (Documentation(info="<html>
<p>Mass, spring, damper, spring-damper and fixed flange, with the names and parameters of
the Modelica Standard Library 4. Sign convention: a flange's <code>f</code> is the cut force
directed into the component; <code>s_rel = flange_b.s - flange_a.s</code>.</p>
</html>"));
end Components;
