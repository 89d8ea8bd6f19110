within Modelica.Mechanics.Rotational.Interfaces;
connector Flange_b "One-dimensional rotational flange of a shaft (non-filled circle icon)"
  SI.Angle phi "Absolute rotation angle of flange";
  flow SI.Torque tau "Cut torque in the flange";
end Flange_b;
