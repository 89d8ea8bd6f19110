// An outer element has no binding either (spec 5.4, whose example this is).
model IoBinding
  model A
    outer parameter Real p = 2;
  end A;
  inner parameter Real p = 1;
  A a;
end IoBinding;
// ERROR: %f:4:30: error: outer element 'p' cannot be modified: modify its inner element instead
