// A function without a derivative annotation that is no chain of assignments gets a derivative made from
// its algorithm (funcad.c), unless the algorithm reads what none is made of yet (max of a matrix): then the
// error names the function at its call.
package P
  function fact "n! by recursion"
    input Real n;
    output Real y;
  algorithm
    y := if n <= 1 then 1 else n*fact(n - 1);
  end fact;
  function loopy "not a chain of assignments"
    input Real x;
    output Real y;
  algorithm
    y := 0;
    for i in 1:3 loop
      y := y + max([x, i; 1, 2]);
    end for;
  end loopy;
  model M "index 2: the constraint must be differentiated"
    Real x, y;
  equation
    der(x) = y;
    loopy(x) = sin(time);
  end M;
end P;
// ARGS: %f P.M -o /dev/null
// ERROR: %f:24:5: error: cannot differentiate a call of 'P.loopy'
// ERROR: %f:11:12: note: 'P.loopy' has no derivative annotation, its algorithm is not a chain of assignments that could be inlined, and it has what no derivative is made of yet
