within Modelica.Blocks;
package Interfaces "Connectors and partial models for input/output blocks"
  import SI = Modelica.Units.SI;
  annotation (Documentation(info="<html>
<p>Signal connectors (a connector that is simply an <code>input Real</code> or
<code>output Real</code>) and the partial blocks every source extends.</p>
</html>"));
end Interfaces;
