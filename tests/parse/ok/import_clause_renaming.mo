model R
  import SI = Modelica.SIunits "units";
  SI.Length l;
end R;
