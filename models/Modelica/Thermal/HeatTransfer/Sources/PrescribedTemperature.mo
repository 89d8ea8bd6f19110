within Modelica.Thermal.HeatTransfer.Sources;
model PrescribedTemperature "Variable temperature boundary condition in Kelvin"
  Modelica.Blocks.Interfaces.RealInput T(unit = "K") "Temperature at port as input signal";
  Modelica.Thermal.HeatTransfer.Interfaces.HeatPort_b port "Thermal port at the prescribed temperature";
equation
  port.T = T;
  annotation (Documentation(info="<html>
<p>An infinite reservoir whose temperature is the input signal <code>T</code>.</p>
</html>"));
end PrescribedTemperature;
