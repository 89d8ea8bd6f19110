// A call through a component needs a scalar component (5.3.2).
package P
  model H
    function f
      input Real x;
      output Real y;
    algorithm
      y := 2*x;
    end f;
  end H;
  model M
    H h[2];
    Real v = h.f(time);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:13:14: error: in the call 'h.f', 'h' must be a scalar component (5.3.2)
