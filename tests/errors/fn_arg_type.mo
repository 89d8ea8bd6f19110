// Type errors found in functions and their calls (one model per case).
package P
  function f
    input Real x;
    input Integer n;
    output Real y;
  protected
    Integer k;
  algorithm
    k := x / 2;
    y := x;
  end f;
  function g
    input Real x;
    output Real y;
  algorithm
    if x then
      y := 1;
    end if;
    y := 2;
  end g;
  function h
    input Real x;
    output Real y;
  algorithm
    x := 2;
    y := x;
  end h;
  function ok
    input Real x;
    input Integer n;
    output Real y;
  algorithm
    y := x*n;
  end ok;
  model M1
    Real a = f(time, 1);
  end M1;
  model M2
    Real b = g(time);
  end M2;
  model M3
    Real c = h(time);
  end M3;
  model Arg
    Real a = ok(time, 1.5);
  end Arg;
end P;
// MODEL: P.Arg
// ERROR: %f:46:23: error: argument 'n' of 'P.ok' must be Integer, not Real
