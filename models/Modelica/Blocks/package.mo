within Modelica;
package Blocks "Library of basic input/output control blocks (signal connectors and sources)"
  annotation (Documentation(info="<html>
<p>The subset of the Modelica Standard Library's Blocks that the physical libraries need:
the RealInput/RealOutput signal connectors, the SO/SISO partial blocks and the basic signal
sources (Constant, Step, Sine, Ramp). Names and parameters follow MSL 4.</p>
</html>"));
end Blocks;
