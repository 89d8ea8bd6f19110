within Modelica.Mechanics.Translational.Interfaces;
connector Flange_b "One-dimensional translational flange (right, flange axis directed OUT OF cut plane)"
  SI.Position s "Absolute position of flange";
  flow SI.Force f "Cut force directed into flange";
end Flange_b;
