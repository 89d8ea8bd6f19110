// The equations of a when-clause are equations (8.3.5): two that compute each other have no order,
// and one that computes a variable from itself needs pre().
// ERROR: %f:10:5: error: the equations of this when-clause depend on each other in a cycle (through 'y'); write pre(...) for a value from before the event
// ERROR: %f:14:5: error: 'n' is computed from itself in this when-equation; write pre(n) for its value before the event
model WhenCycle
  Real y, z;
  Integer n(start = 0);
equation
  when time > 0.5 then
    y = z + 1;
    z = y + 1;
  end when;
  when sample(0, 0.1) then
    n = n + 1;
  end when;
end WhenCycle;
