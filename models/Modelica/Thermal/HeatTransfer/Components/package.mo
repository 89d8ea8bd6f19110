within Modelica.Thermal.HeatTransfer;
package Components "Lumped thermal components"
  import SI = Modelica.Units.SI;
  annotation (Documentation(info="<html>
<p>Heat capacitor, thermal conductor, convection and body radiation, with the names and
parameters of the Modelica Standard Library 4. A port's <code>Q_flow</code> is positive when
heat flows into the component; the two-port elements define <code>dT = port_a.T - port_b.T</code>
and <code>Q_flow</code> from port_a to port_b.</p>
</html>"));
end Components;
