// A class that contains itself through an array whose size falls to 0: finite, and flattened.
model SelfNestingFinite
  model A
    parameter Integer n = 3;
    Real x = n;
    A a[n - 1](each n = n - 1);
  end A;
  A a;
end SelfNestingFinite;
