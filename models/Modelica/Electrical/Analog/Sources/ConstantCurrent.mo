within Modelica.Electrical.Analog.Sources;
model ConstantCurrent "Source for constant current"
  parameter SI.Current I(start = 1) "Value of constant current";
  extends Modelica.Electrical.Analog.Interfaces.OnePort;
equation
  i = I;
  annotation (Documentation(info="<html>
<p>Drives the current <code>I</code> from pin p through the source to pin n (so it leaves
the source at n).</p>
</html>"));
end ConstantCurrent;
