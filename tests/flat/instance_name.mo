// getInstanceName() (spec 3.7.4): the simulated model's name and the path of the instance the call is in;
// instances of one class (which would otherwise be copies of the first) and array elements have their own.
model InstanceName
  model Part
    parameter String name = getInstanceName();
    Real x = time;
  equation
    assert(x < 10, getInstanceName() + ": x is too large");
  end Part;
  parameter String top = getInstanceName();
  Part a, b, c[2];
end InstanceName;
