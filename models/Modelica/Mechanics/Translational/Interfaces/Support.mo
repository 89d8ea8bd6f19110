within Modelica.Mechanics.Translational.Interfaces;
connector Support "Support/housing of a 1-dim. translational component"
  SI.Position s "Absolute position of the support/housing";
  flow SI.Force f "Reaction force in the support/housing";
end Support;
