// A second derivative annotation (derivative(order = 2) = f2 on f = g_der) whose function has not the
// inputs of f followed by the derivatives of f's last scalar Real inputs (here: nothing added).
// ERROR: %f:11:41: error: not supported yet: the second derivative 'fn_derivative2_shape.f2' of 'fn_derivative2_shape.f': its inputs must be those of 'fn_derivative2_shape.f' and then the derivatives of its last scalar Real inputs
model fn_derivative2_shape
  function f
    input Real x;
    input Real dx;
    output Real y;
  algorithm
    y := 2*x*dx;
    annotation (derivative(order = 2) = f2);
  end f;
  function f2
    input Real x;
    input Real dx;
    output Real y;
  algorithm
    y := 2*dx*dx;
  end f2;
  Real y = f(time, 1);
end fn_derivative2_shape;
