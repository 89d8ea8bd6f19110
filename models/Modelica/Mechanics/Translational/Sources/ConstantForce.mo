within Modelica.Mechanics.Translational.Sources;
model ConstantForce "Constant force, not dependent on speed"
  parameter SI.Force f_constant "Nominal force (if negative, force is acting as load)";
  Modelica.Mechanics.Translational.Interfaces.Flange_b flange "Flange of component";
  SI.Force f "Accelerating force acting at flange (= -flange.f)";
equation
  f = f_constant;
  flange.f = -f;
  annotation (Documentation(info="<html>
<p>The constant force <code>f_constant</code> acts on the connected flange.</p>
</html>"));
end ConstantForce;
