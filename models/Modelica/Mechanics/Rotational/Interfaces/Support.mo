within Modelica.Mechanics.Rotational.Interfaces;
connector Support "Support/housing of a 1-dim. rotational shaft"
  SI.Angle phi "Absolute rotation angle of the support/housing";
  flow SI.Torque tau "Reaction torque in the support/housing";
end Support;
