// Arrays inside functions (tests/sim/function_arrays.sh compares every output with the closed forms of
// tests/ref/function_arrays_ref.c): inputs of unknown size, sizes from other inputs, outputs whose size
// depends on the inputs, flexible (':') outputs and locals, slices, 'end', matrix products, the array
// built-ins, comprehensions and reductions, while loops, recursion over slices, several array outputs,
// and a derivative annotation on a function of a vector (index reduction differentiates it).
package FunctionArrays
  function norm2 "sqrt(sum of squares), by a loop over 1:size(x, 1)"
    input Real x[:];
    output Real y;
  algorithm
    y := 0;
    for i in 1:size(x, 1) loop
      y := y + x[i]^2;
    end for;
    y := sqrt(y);
  end norm2;

  function scaleLast "k*x with its last element replaced by sum(x)"
    input Real x[:];
    input Real k = 2;
    output Real y[size(x, 1)];
  algorithm
    y := k*x;
    y[end] := sum(x);
  end scaleLast;

  function affine "A*x + b, checked sizes from the declaration"
    input Real A[:, :];
    input Real x[size(A, 2)];
    input Real b[size(A, 1)];
    output Real y[size(A, 1)];
  algorithm
    y := A*x + b;
  end affine;

  function gram "sum of the elements of A*transpose(A), and trace of transpose(A)*A"
    input Real A[:, :];
    output Real s;
    output Real tr;
  protected
    Real G[size(A, 1), size(A, 1)] = A*transpose(A);
    Real H[size(A, 2), size(A, 2)];
  algorithm
    s := sum(G);
    H := transpose(A)*A;
    tr := sum(H[i, i] for i in 1:size(H, 1));
  end gram;

  function reverse
    input Real x[:];
    output Real y[size(x, 1)];
  algorithm
    y := x[end:-1:1];
  end reverse;

  function collectPositive "the specification's example of a flexible output (12.4.5)"
    input Real x[:];
    output Real xpos[:];
  algorithm
    for i in 1:size(x, 1) loop
      if x[i] > 0 then
        xpos := cat(1, xpos, x[i:i]);
      end if;
    end for;
  end collectPositive;

  function positiveStats "the number and the sum of the positive elements"
    input Real x[:];
    output Integer n;
    output Real s;
  protected
    Real p[:] = collectPositive(x);
  algorithm
    n := size(p, 1);
    s := sum(p);
  end positiveStats;

  function prefixSums "a while loop writing elements"
    input Real x[:];
    output Real c[size(x, 1)];
  protected
    Integer i = 1;
    Real acc = 0;
  algorithm
    while i <= size(x, 1) loop
      acc := acc + x[i];
      c[i] := acc;
      i := i + 1;
    end while;
  end prefixSums;

  function squares "a comprehension, a reduction with an iterator, and product"
    input Integer n;
    input Real t;
    output Real v[n];
    output Real s;
    output Real p;
  algorithm
    v := {i^2*t for i in 1:n};
    s := sum(v[i]*v[i] for i in 1:n);
    p := product(v);
  end squares;

  function builtins "fill, zeros, ones, identity, linspace, diagonal, outerProduct, cross, skew, matrix literals"
    input Real t;
    output Real r[8];
  protected
    Real M[3, 3] = identity(3)*t + diagonal({1, 2, 3});
    Real L[:] = linspace(0, t, 5);
    Real O[2, 3] = outerProduct({1, 2}, {t, 1, 2});
    Real c[3] = cross({1, 0, 0}, {0, t, 1});
    Real S[3, 3] = skew({1, 2, t});
    Real B[2, 4] = [fill(t, 2, 2), [1, 2; 3, 4]];
    Integer z[2, 2] = zeros(2, 2);
    Integer u[3] = ones(3);
  algorithm
    r[1] := sum(M);
    r[2] := sum(L);
    r[3] := sum(O);
    r[4] := c[1] + 10*c[2] + 100*c[3];
    r[5] := S[1, 2] + 10*S[1, 3] + 100*S[2, 3];
    r[6] := sum(B) + size(B, 2);
    r[7] := sum(z) + sum(u) + ndims(B);
    r[8] := scalar(B[2:2, 4:4]) + min(L[2:end]) + max({t, 2*t});
  end builtins;

  function recSum "recursion over slices"
    input Real x[:];
    output Real s;
  algorithm
    s := if size(x, 1) == 0 then 0 else x[1] + recSum(x[2:end]);
  end recSum;

  function lastOr "the last element, or a default when there is none (a guarded index)"
    input Real x[:];
    input Integer n;
    output Real y;
  algorithm
    y := if n > 0 and n <= size(x, 1) then x[n] else -1;
  end lastOr;

  function split "two array outputs, and a for-loop over the elements of a vector"
    input Real x[:];
    output Real lo[:];
    output Real hi[:];
    output Integer n;
  algorithm
    n := 0;
    for e in x loop
      if e < 0.45 then
        lo := cat(1, lo, {e});
      else
        hi := cat(1, hi, {e});
      end if;
      n := n + 1;
    end for;
  end split;

  function splitCount "n + 10*size(lo) + 100*size(hi) + 1000*sum(hi) of split"
    input Real x[:];
    output Real r;
  protected
    Real lo[:], hi[:];
    Integer n;
  algorithm
    (lo, hi, n) := split(x);
    r := n + 10*size(lo, 1) + 100*size(hi, 1) + 1000*sum(hi);
  end splitCount;

  function countTrue
    input Boolean b[:];
    output Integer n;
  algorithm
    n := 0;
    for i in 1:size(b, 1) loop
      if b[i] then
        n := n + 1;
      end if;
    end for;
  end countTrue;

  function rowsOf "rows and columns of a matrix: slices with ':' and 'end' in two dimensions"
    input Real A[:, :];
    output Real r;
  protected
    Real row[size(A, 2)] = A[end, :];
    Real col[size(A, 1)] = A[:, 1];
  algorithm
    r := sum(row) + 10*sum(col) + 100*A[end, end];
  end rowsOf;

  function setRow "assignments to a row and a column"
    input Real t;
    output Real A[2, 3];
  algorithm
    A := zeros(2, 3);
    A[1, :] := {1, 2, 3};
    A[:, 3] := {t, 2*t};
  end setRow;

  function g "a function of a vector, with its derivative (index reduction differentiates v = g(u))"
    input Real u[2];
    output Real y;
  algorithm
    y := u[1]^2 + 3*u[2];
    annotation(derivative = g_der);
  end g;

  function g_der
    input Real u[2];
    input Real du[2];
    output Real dy;
  algorithm
    dy := 2*u[1]*du[1] + 3*du[2];
  end g_der;

  function pos "noDerivative: the derivative function is a time derivative only"
    input Real u[2];
    output Real y;
  algorithm
    y := u[1];
    annotation(derivative(noDerivative = u) = pos_der);
  end pos;

  function pos_der
    input Real u[2];
    output Real dy;
  algorithm
    dy := u[2];
  end pos_der;

  model NoDerivative "the algebraic loop x + x^3 = 10: its Jacobian is 1 + 3 x^2 (pos inlined: u[1] is
    read at a literal subscript), never 1 + pos_der(...) = 101, which ignores how u[1] depends on x"
    Real x(start = 1);
  equation
    x + pos({x^3, 100}) = 10 + 0*time;
  end NoDerivative;

  model Main
    Real t = time;
    Real v[3] = {1, 2, 3}*time;
    Real n = norm2(v);
    Real w[3] = scaleLast(v);
    Real y[2] = affine([1, 2; 3, 4], {time, 1}, {0.5, -0.5});
    Real gs, gtr;
    Real rev[3] = reverse(v);
    Real npos "(a Real: an Integer would have to be discrete-time, spec 3.8.3)";
    Real spos;
    Real ps[3] = prefixSums({1, time, 2});
    Real sq[3], sqs, sqp;
    Real b[8] = builtins(time);
    Real rs = recSum({time, 1, 2, 3});
    Real lo1 = lastOr({time, 5}, 2);
    Real lo2 = lastOr({time, 5}, 3);
    Real nsplit = splitCount({0.2, time, 0.7, -1});
    Integer nt = countTrue({time > 0.55, true, false});
    Real ro = rowsOf([1, 2; 3, time]);
    Real A[2, 3] = setRow(time);
    Real p;
    Real vel;
  equation
    (gs, gtr) = gram([1, 2; 3, time]);
    (npos, spos) = positiveStats({time - 0.55, -1, 2, 0.25 - time});
    (sq, sqs, sqp) = squares(3, time);
    // index reduction: p is given algebraically through g, so der(p) needs g_der
    p = g({time, time^2});
    vel = der(p);
  end Main;
end FunctionArrays;
