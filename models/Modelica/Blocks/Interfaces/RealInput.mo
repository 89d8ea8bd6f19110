within Modelica.Blocks.Interfaces;
connector RealInput = input Real "'input Real' as connector"
  annotation (Documentation(info="<html>
<p>Connector with one input signal of type Real. Connected to a RealOutput, it takes the
value of that output (a connection of signals is an equality, not a flow balance).</p>
</html>"));
