within Modelica.Mechanics.Translational.Sources;
model Force "External force acting on a drive train element as input signal"
  Modelica.Blocks.Interfaces.RealInput f(unit = "N") "Driving force as input signal";
  Modelica.Mechanics.Translational.Interfaces.Flange_b flange "Flange of component";
equation
  flange.f = -f;
  annotation (Documentation(info="<html>
<p>The input signal <code>f</code> is the force that accelerates the connected flange in
the positive direction of its axis.</p>
</html>"));
end Force;
