model Cond
  parameter Boolean use_heat = false;
  Real heat if use_heat "conditional";
  Pin p if not use_heat and 1 > 0 annotation(Placement(transformation(extent = {{-10, -10}, {10, 10}})));
  connector Pin Real v; flow Real i; end Pin;
end Cond;
