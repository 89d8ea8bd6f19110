within Modelica.Thermal.HeatTransfer;
package Sources "Thermal sources"
  import SI = Modelica.Units.SI;
  annotation (Documentation(info="<html>
<p>Boundary conditions: fixed or prescribed temperature, fixed or prescribed heat flow.</p>
</html>"));
end Sources;
