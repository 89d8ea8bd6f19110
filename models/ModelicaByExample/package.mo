within;
package ModelicaByExample "Models from the book Modelica by Example (the parts bundled with mo2c)"
end ModelicaByExample;
