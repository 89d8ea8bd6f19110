// inner/outer (spec 5.4): a ball falls in the field of the nearest enclosing world. b's outer world is
// the model's (g = 1.62); mars.ball's is the Planet's own inner world, which shadows it (g = 3.71);
// moon.ball's goes through an inner outer world, whose binding reads the enclosing one (2 * 1.62).
// Closed forms: h = h0 - g t^2 / 2, v = -g t (tests/sim/innerouter.sh).
model InnerOuter
  model World
    parameter Real g = 9.81;
  end World;
  model Ball
    outer World world;
    parameter Real h0 = 10;
    Real h(start = h0, fixed = true);
    Real v(start = 0, fixed = true);
  equation
    der(h) = v;
    der(v) = -world.g;
  end Ball;
  model Planet "a world of its own, shadowing the model's"
    inner World world(g = 3.71);
    Ball ball(h0 = 20);
  end Planet;
  model Doubled "its balls see twice the enclosing field"
    inner outer World world(g = 2 * world.g);
    Ball ball;
  end Doubled;
  inner World world(g = 1.62);
  Ball b;
  Planet mars;
  Doubled moon;
end InnerOuter;
