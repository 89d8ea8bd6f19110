// Index reduction with signal adaptors as Modelica.Blocks.Interfaces.Adaptors builds them
// (tests/sim/adaptors.sh): a state imposed through a function whose derivative annotation reads the
// derivative from an input (noDerivative) and which is inlined after index reduction, derivative
// outputs selected by parameters (y1 = if useDer then der(y) else 0), and a state whose derivative is
// itself a state (der(der(x)) = -x).
package Adaptors
  function state1 "s = u[1], with der(s) = u[2]"
    input Real u[2];
    input Real dummy;
    output Real s;
  algorithm
    s := u[1];
    annotation(derivative(noDerivative = u) = state1der1, InlineAfterIndexReduction = true);
  end state1;

  function state1der1
    input Real u[2];
    input Real dummy;
    input Real dummy_der;
    output Real sder1;
  algorithm
    sder1 := u[2];
    annotation(InlineAfterIndexReduction = true);
  end state1der1;

  model Imposed
    parameter Real L = 0.5;
    parameter Boolean usePder = false;
    parameter Boolean useFder = true;
    Real f "the flow signal";
    Real fder "its derivative, sent beside it";
    Real i(start = 0) "the current imposed on the inductor";
    Real v "the inductor's voltage";
    Real p "the potential signal sent back";
    Real pder "its derivative, not used";
    Real x(start = 1, fixed = true);
    Real w(start = 0, fixed = true);
  equation
    f = sin(2 * time);
    fder = if useFder then der(f) else 0;
    i = state1({f, fder}, time);
    L * der(i) = v;
    p = v;
    pder = if usePder then der(p) else 0;
    w = der(x);
    der(der(x)) = -x;
  end Imposed;
end Adaptors;
