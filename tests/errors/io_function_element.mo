// The elements of a function cannot be inner or outer (spec 12.2).
model IoFunctionElement
  function f
    input Real a;
    output Real b;
  protected
    outer Real k;
  algorithm
    b := a + k;
  end f;
  inner Real k = 4;
  Real x = f(2);
end IoFunctionElement;
// ERROR: %f:7:16: error: element 'k' of function 'IoFunctionElement.f' cannot be outer
// ERROR: %f:12:12: note: in a call of 'IoFunctionElement.f'
