package I
  import Modelica.Constants;
  import Modelica.Math "described";
  constant Real p = Constants.pi;
end I;
