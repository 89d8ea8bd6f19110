within Modelica.Mechanics.Rotational.Interfaces;
connector Flange_a "One-dimensional rotational flange of a shaft (filled circle icon)"
  SI.Angle phi "Absolute rotation angle of flange";
  flow SI.Torque tau "Cut torque in the flange";
end Flange_a;
