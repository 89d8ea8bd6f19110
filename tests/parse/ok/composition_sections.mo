model Sections
  Real a;
public
  Real b;
protected
  Real c;
equation
  a = 1;
algorithm
  c := 2;
public
  Real d;
equation
  b = d;
protected
  parameter Real e = 1;
initial equation
  d = 0;
initial algorithm
  c := 0;
equation
  d = 2;
end Sections;
