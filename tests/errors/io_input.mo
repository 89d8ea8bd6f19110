// An outer element cannot be an input (spec 5.4).
model IoInput
  block B
    outer input Real u;
  end B;
  inner Real u = 1;
  B b;
end IoInput;
// ERROR: %f:4:22: error: outer element 'u' cannot be an input
