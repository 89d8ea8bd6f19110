within Modelica;
package Units "Units of the SI system (Modelica 4 naming)"
end Units;
