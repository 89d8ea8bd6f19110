within Modelica.Mechanics.Translational;
package Examples "Demonstration examples of the components of this package"
  annotation (Documentation(info="<html>
<p>Small mechanical systems built from the library's components. Each has an experiment
annotation and a reference result in mo2c's regression suite (tests/regression), computed
outside mo2c by tests/ref/lib_ref.</p>
</html>"));
end Examples;
