// The equations of a when-clause are solved together, whatever their written order (8.3.5;
// tests/sim/when_order.sh): at t = 0.5, z = 2 and y = z + 1 = 3; w = y + z = 5 from the second clause
// written first; the reinit's value reads the new z: x jumps to 2 and then
// decays, x = 2 e^-(t - 0.5); the assert sees the new values.
model WhenOrder
  Real y(start = 0), z(start = 0), w(start = 0);
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  when time >= 0.5 then
    w = y + z;
    y = z + 1;
    reinit(x, z);
    assert(y == 3, "y is not 3 at the event");
    z = 2;
  end when;
end WhenOrder;
