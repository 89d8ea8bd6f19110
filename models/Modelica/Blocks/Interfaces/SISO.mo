within Modelica.Blocks.Interfaces;
partial block SISO "Single Input Single Output continuous control block"
  RealInput u "Connector of Real input signal";
  RealOutput y "Connector of Real output signal";
  annotation (Documentation(info="<html>
<p>Block with one continuous Real input signal <code>u</code> and one continuous Real output
signal <code>y</code>.</p>
</html>"));
end SISO;
