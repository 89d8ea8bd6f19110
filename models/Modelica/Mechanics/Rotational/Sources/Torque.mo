within Modelica.Mechanics.Rotational.Sources;
model Torque "Input signal acting as external torque on a flange"
  Modelica.Blocks.Interfaces.RealInput tau(unit = "N.m") "Accelerating torque acting at flange (= -flange.tau)";
  Modelica.Mechanics.Rotational.Interfaces.Flange_b flange "Flange on which torque is acting";
equation
  flange.tau = -tau;
  annotation (Documentation(info="<html>
<p>The input signal <code>tau</code> is the torque that accelerates the connected flange
(a positive <code>tau</code> drives it in the positive direction of rotation).</p>
</html>"));
end Torque;
