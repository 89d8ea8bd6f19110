within Modelica.Mechanics.Translational;
package Sources "Sources to drive 1D translational mechanical components"
  import SI = Modelica.Units.SI;
  annotation (Documentation(info="<html>
<p>Force sources, driven by a signal (RealInput) or by a parameter. The housing of every
source is fixed (no support flange).</p>
</html>"));
end Sources;
