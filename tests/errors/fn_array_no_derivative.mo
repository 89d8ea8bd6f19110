// Index reduction must differentiate a call of a function with arrays that has no derivative annotation
// and reads its array whole (only reads at literal subscripts, u[1], inline): the call is refused with a
// note that says why.
package P
  function g
    input Real u[2];
    output Real y;
  algorithm
    y := sum(u .* u);
  end g;
  model M
    Real p;
    Real vel;
  equation
    p = g({time, 2*time});
    vel = der(p);
  end M;
end P;
// ARGS: --dump=dae %f P.M
// ERROR: %f:15:9: error: cannot differentiate a call of 'P.g'
// ERROR: %f:5:12: note: 'P.g' has no derivative annotation, and a function with arrays is inlined only when it reads its array inputs at literal subscripts
