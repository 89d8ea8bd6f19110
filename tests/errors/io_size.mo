// The inner element must be a subtype of the outer one: arrays of the same sizes.
model IoSize
  model B
    outer Real p[6];
  end B;
  inner Real p[10] = fill(1, 10);
  B b;
end IoSize;
// ERROR: %f:4:16: error: the inner 'p' is not a subtype of the outer 'p': its size is [10], the outer's [6]
// ERROR: %f:6:14: note: the inner 'p' is declared here
