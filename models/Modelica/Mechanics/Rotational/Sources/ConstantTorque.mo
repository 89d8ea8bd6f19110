within Modelica.Mechanics.Rotational.Sources;
model ConstantTorque "Constant torque, not dependent on speed"
  parameter SI.Torque tau_constant "Constant torque (if negative, torque is acting as load in positive direction of rotation)";
  Modelica.Mechanics.Rotational.Interfaces.Flange_b flange "Flange on which torque is acting";
  SI.Torque tau "Accelerating torque acting at flange (= -flange.tau)";
equation
  tau = tau_constant;
  flange.tau = -tau;
  annotation (Documentation(info="<html>
<p>The constant torque <code>tau_constant</code> accelerates the connected flange.</p>
</html>"));
end ConstantTorque;
