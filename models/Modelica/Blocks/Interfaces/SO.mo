within Modelica.Blocks.Interfaces;
partial block SO "Single Output continuous control block"
  RealOutput y "Connector of Real output signal";
  annotation (Documentation(info="<html>
<p>Block with one continuous Real output signal <code>y</code>.</p>
</html>"));
end SO;
