pure function Poly "polynomial"
  extends Modelica.Icons.Function;
  input Real x;
  input Real c[:] = {1, 2};
  output Real y;
protected
  Real xp := 1;
algorithm
  y := 0;
  for i in 1:size(c, 1) loop
    y := y + c[i] * xp;
    xp := xp * x;
  end for;
  annotation(derivative(order = 1) = PolyDer, smoothOrder = 2);
end Poly;
