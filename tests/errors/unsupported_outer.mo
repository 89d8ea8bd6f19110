// An outer component is the inner one of an enclosing instance: until that is instantiated, it is an
// error, never a private copy (which would give g = 9.81 here, not 1.62).
model IO
  model World
    parameter Real g = 9.81;
  end World;
  model Ball
    outer World world;
    Real h(start = 10, fixed = true);
    Real v(start = 0, fixed = true);
  equation
    der(h) = v;
    der(v) = -world.g;
  end Ball;
  inner World world(g = 1.62);
  Ball b;
end IO;
// ERROR: %f:8:17: error: not supported yet: outer components
