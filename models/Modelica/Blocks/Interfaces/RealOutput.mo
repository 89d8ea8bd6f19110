within Modelica.Blocks.Interfaces;
connector RealOutput = output Real "'output Real' as connector"
  annotation (Documentation(info="<html>
<p>Connector with one output signal of type Real.</p>
</html>"));
