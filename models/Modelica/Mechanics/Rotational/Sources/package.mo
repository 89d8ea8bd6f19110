within Modelica.Mechanics.Rotational;
package Sources "Sources to drive 1D rotational mechanical components"
  import SI = Modelica.Units.SI;
  annotation (Documentation(info="<html>
<p>Torque and speed sources, driven by a signal (RealInput) or by a parameter. The housing
of every source is fixed (no support flange).</p>
</html>"));
end Sources;
