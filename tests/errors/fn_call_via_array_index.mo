// A call through an element of an array of components needs indices known at translation time
// (5.3.2: "component[j] ... the indices j can be evaluated at translation time"); h[2].f(x) is fine.
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
    Integer i = if time > 0.5 then 1 else 2;
    Real v = h[2].f(time) + h[i].f(time);
  end M;
end P;
// MODEL: P.M
// ERROR: %f:15:31: error: a subscript must be a parameter expression with an integer value
