// Calls of the MSL's String functions whose value a model needs when it is compiled, as its machines
// have them (constant String C1 = substring(VectorGroup, 1, 1)): evaluated then (fnknown.c), checked
// by tests/sim/known_strings.sh.
package KnownStrings
  import Modelica.Utilities.Strings;
  model Choose "k = 2 (C1 = \"D\"), m = 3 + 4 = 7 (C2 = \"y05\" after g), y = k t + m"
    parameter String g = "Dy05";
    constant String C1 = Strings.substring(g, 1, 1);
    constant String C2 = Strings.substring(string = g, startIndex = 2, endIndex = 4);
    parameter Real k = if C1 == "D" then 2 else 3;
    parameter Integer m = Strings.length(C2) + Strings.length(g);
    Real y = k * time + m;
  end Choose;
  model Beyond "endIndex past the end: an error at the call"
    constant String C = Strings.substring("abc", 2, 5);
  end Beyond;
end KnownStrings;
