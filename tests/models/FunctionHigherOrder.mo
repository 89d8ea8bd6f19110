// Functions given to functions (12.4.2; tests/sim/function_calls.sh checks the closed forms): a function
// type, functions given by name, partial applications binding inputs to time-varying values (also with
// the type's input last in the function given), a functional input passed on to another function,
// calls through a component (5.3.2: c.f(x), c.P.g(x)), a function defined by a short class with
// modifiers (function h2 = h(k = 3)), and partial applications that bind a record input (function
// lineRec(c = Coef(...)), as the MSL's SingleGasNasa.T_h binds f_nonlinear's data), in a model and
// inside a function; partial applications that give a function's own functional input a function
// (function once(y1 = y1, s = s), 12.4.2.1's surfaceQuadrature), the type's output named otherwise.
package FunctionHigherOrder
  partial function Integrand
    input Real x;
    output Real y;
  end Integrand;

  function trapezoid "(x2 - x1) (f(x1) + f(x2)) / 2"
    input Real x1;
    input Real x2;
    input Integrand f;
    output Real area;
  algorithm
    area := (x2 - x1)*(f(x1) + f(x2))/2;
  end trapezoid;

  function twice "passes its functional input on"
    input Real x1;
    input Real x2;
    input Integrand f;
    output Real area;
  algorithm
    area := trapezoid(x1, (x1 + x2)/2, f) + trapezoid((x1 + x2)/2, x2, f);
  end twice;

  function square
    extends Integrand;
  algorithm
    y := x*x;
  end square;

  function line "y = a x + b"
    extends Integrand;
    input Real a;
    input Real b = 0;
  algorithm
    y := a*x + b;
  end line;

  function lineLast "the type's input x last"
    input Real a;
    input Real b;
    input Real x;
    output Real y;
  algorithm
    y := a*x + b;
  end lineLast;

  record Coef
    Real a;
    Real b[2];
    String name = "c";
  end Coef;

  function lineRec "y = c.a x + c.b[1] + c.b[2]"
    extends Integrand;
    input Coef c;
  algorithm
    y := c.a*x + c.b[1] + c.b[2];
  end lineRec;

  function insideRec "(2 - 0)(f(0) + f(2))/2 = 2 c.a + 2 (c.b[1] + c.b[2])"
    input Coef c;
    output Real r;
  algorithm
    r := trapezoid(0, 2, function lineRec(c = c));
  end insideRec;

  function inside "a partial application inside a function"
    input Real k;
    output Real r;
  algorithm
    r := twice(0, 2, function line(a = k, b = 1));
  end inside;

  partial function Surface
    input Real x;
    input Real y;
    output Real z;
  end Surface;

  function xy
    extends Surface;
  algorithm
    z := x*y;
  end xy;

  function xPlusY
    extends Surface;
  algorithm
    z := x + y;
  end xPlusY;

  function once "(y2 - y1) (s(y1, x) + s(y2, x)) / 2: s with y bound, given for Integrand (output z for y)"
    input Real x;
    input Real y1;
    input Real y2;
    input Surface s;
    output Real r;
  algorithm
    r := trapezoid(y1, y2, function s(y = x));
  end once;

  function surface "a partial application that gives its function's functional input a function (12.4.2.1)"
    input Real x1;
    input Real x2;
    input Real y1;
    input Real y2;
    input Surface s;
    output Real r;
  algorithm
    r := trapezoid(x1, x2, function once(y1 = y1, y2 = y2, s = s));
  end surface;

  function h
    input Real x;
    input Real k = 1;
    output Real y;
  algorithm
    y := k*x;
  end h;

  function h2 = h(k = 3);

  model Holder
    function f
      input Real x;
      output Real y;
    algorithm
      y := 10*x;
    end f;
    package P
      function g
        input Real x;
        output Real y;
      algorithm
        y := 100*x;
      end g;
    end P;
  end Holder;

  model Main
    Holder c;
    Real sq = trapezoid(0, 2, square);                  // (2 - 0)(0 + 4)/2 = 4
    Real sq2 = twice(0, 2, square);                     // 1 (0 + 1)/2 + 1 (1 + 4)/2 = 3
    Real ln = trapezoid(0, 1, function line(a = time)); // (t + 0)/2
    Real ll = trapezoid(0, 1, function lineLast(a = 2, b = time)); // (t + 2 + t)/2 = 1 + t
    Real ins = inside(time);                            // 2k + 2 (a line: exact)
    Real cf = c.f(time) + c.P.g(time);                  // 110 t
    Real hh = h2(time) + h2(time, 2);                   // 3t + 2t
    Real lr = trapezoid(0, 1, function lineRec(c = Coef(time, {1, 2}))); // (3 + t + 3)/2
    Real lr2 = insideRec(Coef(time, {1, 2}));           // 2t + 6
    Real sxy = surface(0, 1, 0, time, xy);              // g(x) = t (0 + t x)/2, (g(0) + g(1))/2 = t^2/4
    Real sxp = surface(0, 2, 0, 1, xPlusY) + time;      // g(x) = (2x + 1)/2, 2 (g(0) + g(2))/2 = 3: 3 + t
    Real sm = trapezoid(0, 1, function once(y1 = 0, y2 = time, s = xPlusY)); // g(x) = t (2x + t)/2: (t^2 + t)/2
  end Main;
end FunctionHigherOrder;
