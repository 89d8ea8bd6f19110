within Modelica.Blocks.Sources;
block Constant "Generate constant signal of type Real"
  extends Interfaces.SO;
  parameter Real k(start = 1) "Constant output value";
equation
  y = k;
  annotation (Documentation(info="<html>
<p>The output <code>y</code> is the constant <code>k</code> at all times.</p>
</html>"));
end Constant;
