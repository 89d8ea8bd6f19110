// Index reduction must differentiate a call of a function with arrays that has no derivative annotation,
// whose algorithm is a loop (a chain of assignments of whole variables, y := sum(u .* u), inlines:
// funcinline.c) and reads product({u, u}) of a matrix, of which no derivative is made yet (funcad.c): the
// call is refused with a note that says why.
package P
  function g
    input Real u[2];
    output Real y;
  algorithm
    y := 0;
    for i in 1:2 loop
      y := y + u[i]^2;
    end for;
    y := y + product({u, u});
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
// ERROR: %f:20:9: error: cannot differentiate a call of 'P.g'
// ERROR: %f:6:12: note: 'P.g' has no derivative annotation, a function with arrays is inlined only when its algorithm is a chain of assignments of whole variables over array operations and built-ins that can be expanded element by element, and its algorithm has what no derivative is made of yet
