model World
  inner Real g = 9.81;
  Body b;
  model Body
    outer Real g;
    Real v(start = 0);
  equation
    der(v) = -g;
  end Body;
end World;
