// The model behind fuzz_sim (fuzz/fuzz_sim.c): something of every kind the simulator's command line and
// override files can name: states, parameters of each type and an array of them, a String parameter
// (which -override refuses), a top-level input (-csvInput), a protected variable, a state event, a
// sample() and an assert.
model FuzzSim
  type Mode = enumeration(slow, fast);
  parameter Real k[3] = {1, 2, 3} "gains";
  parameter Integer n = 2;
  parameter Boolean on = true;
  parameter Mode mode = Mode.fast;
  parameter String label = "fuzz";
  input Real u(start = 0) "force";
  Real x(start = 1, fixed = true) "position";
  Real v(start = 0, fixed = true) "velocity";
  discrete Integer count(start = 0, fixed = true);
protected
  Real e = 0.5 * v ^ 2 + 0.5 * k[n] * x ^ 2;
equation
  der(x) = v;
  der(v) = if on and x > 0 then -k[n] * x else -k[1] * x - (if mode == Mode.fast then 0.1 else 0) * v + u;
  when sample(0, 0.05) then
    count = pre(count) + 1;
  end when;
  assert(e < 100, "energy too high", AssertionLevel.warning);
end FuzzSim;
