within Modelica.Electrical.Analog.Sources;
model ConstantVoltage "Source for constant voltage"
  parameter SI.Voltage V(start = 1) "Value of constant voltage";
  extends Modelica.Electrical.Analog.Interfaces.OnePort;
equation
  v = V;
  annotation (Documentation(info="<html>
<p>Keeps the voltage between its pins at <code>V</code>.</p>
</html>"));
end ConstantVoltage;
