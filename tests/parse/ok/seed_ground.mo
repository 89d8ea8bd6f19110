// From seed 000, with the misprint fixed: the printed "Mechanical Ground" listing repeats the Damper.
within ModelicaByExample.Components.Rotational.Components;
model Ground "Mechanical ground"
  Modelica.Mechanics.Rotational.Interfaces.Flange_a flange_a
    annotation (Placement(transformation(extent={{-10,-10},{10,10}})));
equation
  flange_a.phi = 0;
end Ground;
