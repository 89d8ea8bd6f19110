// An outer with no inner gets one added at the top, unless its class is partial (spec 5.4).
model IoMissingPartial
  partial model World
    parameter Real g = 9.81;
  end World;
  model Ball
    outer World world;
    Real a = world.g;
  end Ball;
  Ball b;
end IoMissingPartial;
// ERROR: %f:7:17: error: outer 'world' has no inner, and none can be added: its class 'IoMissingPartial.World' is partial
