within Modelica.Thermal.HeatTransfer.Components;
model HeatCapacitor "Lumped thermal element storing heat"
  parameter SI.HeatCapacity C "Heat capacity of element (= cp*m)";
  SI.Temperature T(start = 293.15, displayUnit = "degC") "Temperature of element";
  Real der_T(unit = "K/s", start = 0) "Time derivative of temperature (= der(T))";
  Modelica.Thermal.HeatTransfer.Interfaces.HeatPort_a port "Thermal port of the element";
equation
  T = port.T;
  der_T = der(T);
  C*der(T) = port.Q_flow;
  annotation (Documentation(info="<html>
<p>A body at one temperature <code>T</code> with heat capacity <code>C</code>:
<code>C*der(T) = port.Q_flow</code>. Give <code>T</code> a start value with
<code>fixed = true</code> to set its initial temperature.</p>
</html>"));
end HeatCapacitor;
