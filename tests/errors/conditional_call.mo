// A conditional component is only modified and connected (spec 4.4.5): not a call's prefix either.
model M
  model A
    function f
      input Real x;
      output Real y;
    algorithm
      y := x;
    end f;
  end A;
  A a if true;
  Real x = a.f(2.0);
end M;
// MODEL: M
// ERROR: %f:12:12: error: 'a' is a conditional component: it may only be modified and used in connect equations (specification 4.4.5)
