within Modelica.Mechanics.Translational.Interfaces;
connector Flange_a "One-dimensional translational flange (left, flange axis directed INTO cut plane)"
  SI.Position s "Absolute position of flange";
  flow SI.Force f "Cut force directed into flange";
end Flange_a;
