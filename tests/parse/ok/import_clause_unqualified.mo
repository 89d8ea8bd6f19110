model U
  import Modelica.Math.*;
  import Modelica.Constants. *;
  Real x = sin(pi);
end U;
