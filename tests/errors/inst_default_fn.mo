model InstDefaultFn "a default that may use a model's components cannot be taken in a call from a function"
  function f
    input Real x;
    input Real k = 1;
    output Real y;
  algorithm
    y := k*x;
  end f;
  model W
    parameter Real g = 2;
    function fg = f(k = g);
    function h
      input Real x;
      output Real y;
    algorithm
      y := fg(x);
    end h;
    Real z = h(3);
  end W;
  W w;
end InstDefaultFn;
// ERROR: %f:16:12: error: not supported yet: the default of input 'k' of 'InstDefaultFn.W.fg', given by a modifier that may use components of a model, in a call from a function
// ERROR: %f:11:25: note: the default is given here
