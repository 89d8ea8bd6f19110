within Modelica.Electrical.Analog.Interfaces;
partial model OnePort "Component with two electrical pins p and n and current i from p to n"
  SI.Voltage v "Voltage drop of the two pins (= p.v - n.v)";
  SI.Current i "Current flowing from pin p to pin n";
  PositivePin p "Positive electrical pin";
  NegativePin n "Negative electrical pin";
equation
  v = p.v - n.v;
  0 = p.i + n.i;
  i = p.i;
end OnePort;
