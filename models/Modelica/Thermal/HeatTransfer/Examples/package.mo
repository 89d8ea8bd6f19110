within Modelica.Thermal.HeatTransfer;
package Examples "Example models to demonstrate the usage of package Modelica.Thermal.HeatTransfer"
  annotation (Documentation(info="<html>
<p>Small thermal networks built from the library's components. Each has an experiment
annotation and a reference result in mo2c's regression suite (tests/regression), computed
outside mo2c by tests/ref/lib_ref.</p>
</html>"));
end Examples;
