model Mu
  import Modelica.Math.{sin, cos, tan};
  import Modelica.Constants.{pi};
  Real x = sin(pi) + cos(0);
end Mu;
