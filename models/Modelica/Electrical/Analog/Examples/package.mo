within Modelica.Electrical.Analog;
package Examples "Examples that demonstrate the usage of the Analog electrical components"
  annotation (Documentation(info="<html>
<p>Small circuits built from the library's components. Each has an experiment annotation and
a reference result in mo2c's regression suite (tests/regression), computed outside mo2c by
tests/ref/lib_ref.</p>
</html>"));
end Examples;
