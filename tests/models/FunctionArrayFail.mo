// Failures inside functions with arrays (tests/sim/function_arrays.sh): each mode fails after t = 0.3
// with a message naming the statement; the simulator built with the address sanitizer must report no
// error and no leak (every array of every function on the way is freed, every stack mark released).
model FunctionArrayFail
  function callee "mode 1: an index out of bounds; 2: an assignment of the wrong size; 3: an assert;
    4: a negative size; 5: a division by zero in an element-wise operation; 6: a literal index out of bounds"
    input Real x[:];
    input Integer mode;
    input Real t;
    output Real y[2];
  protected
    Real big[100] = fill(t, 100);
    Real w[:];
  algorithm
    w := x .* x;
    y := {sum(w), sum(big)};
    if t > 0.3 then
      if mode == 1 then
        y[1] := x[size(x, 1) + 1];
      elseif mode == 2 then
        y := {1, 2, 3};
      elseif mode == 3 then
        for i in 1:3 loop
          assert(i < 2, "too far: %s%s%n */ \"quoted\" \\ ??/ end");
        end for;
      elseif mode == 4 then
        w := fill(0, -1);
      elseif mode == 5 then
        w := x ./ (x - x);
      elseif mode == 6 then
        y[3] := big[100];
      end if;
    end if;
  end callee;

  function caller "array temporaries alive in the caller while the callee fails"
    input Real x[:];
    input Integer mode;
    input Real t;
    output Real s;
  protected
    Real tmp[2];
  algorithm
    tmp := callee(x, mode, t) + callee(2*x, mode, t);
    s := sum(tmp) + sum({x[i]*i for i in 1:size(x, 1)});
  end caller;

  parameter Integer mode = 1;
  Real s = caller({1, 2, time}, mode, time);
end FunctionArrayFail;
