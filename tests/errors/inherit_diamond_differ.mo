// One base inherited twice (a diamond) with different modifications on the two ways: an error
// (specification 7.1), never one of them silently dropped. tests/flat/inherit_diamond.mo: they agree.
model M
  partial model A
    parameter Real x = 1;
  end A;
  partial model B
    extends A;
  end B;
  model C
    extends A(x = 2);
    extends B;
  end C;
  C c;
end M;
// ERROR: %f:5:20: error: 'x' is inherited twice with different modifications (specification 7.1)
// ERROR: %f:11:13: note: one of them is inherited here
// ERROR: %f:12:13: note: one of them is inherited here
