// Functions defined by short classes in models whose modifiers use the model's parameters (the MSL's
// World.gravityAcceleration), and index reduction through a call of invariant arguments (World's
// frame_b.R = Frames.nullRotation()); tests/sim/inst_default.sh checks them against closed forms.
model InstDefault
  function f
    input Real x;
    input Real k = 1;
    output Real y;
  algorithm
    y := k*x;
  end f;
  function c "not inlinable: a loop"
    output Real r;
  algorithm
    r := 0;
    for i in 1:3 loop
      r := r + i;
    end for;
  end c;
  model W
    parameter Real g = 2;
    replaceable function fg = f(k = g);
    Real z = fg(3) "a call by name: this instance's g";
  end W;
  W w1(g = 3), w2(g = 5);
  Real a = w1.fg(time) "through a component: w1.g";
  Real b = w2.fg(1);
  Real x(start = 1, fixed = true);
  Real z2 "z2 = x + c(), whose derivative index reduction needs";
  Real v;
equation
  der(x) = -x;
  z2 = x + c();
  v = der(z2);
  annotation(experiment(StopTime = 1));
end InstDefault;
