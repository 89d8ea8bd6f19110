within;
package Modelica "Subset of the Modelica Standard Library bundled with mo2c"
  annotation (version="3.2.3");
end Modelica;
