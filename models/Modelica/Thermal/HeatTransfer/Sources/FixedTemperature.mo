within Modelica.Thermal.HeatTransfer.Sources;
model FixedTemperature "Fixed temperature boundary condition in Kelvin"
  parameter SI.Temperature T "Fixed temperature at port";
  Modelica.Thermal.HeatTransfer.Interfaces.HeatPort_b port "Thermal port at the fixed temperature";
equation
  port.T = T;
  annotation (Documentation(info="<html>
<p>An infinite reservoir at the constant temperature <code>T</code>: it takes or delivers
whatever heat flow the connected network needs.</p>
</html>"));
end FixedTemperature;
