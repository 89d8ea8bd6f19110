// The MSL's Complex (an operator record) in a phasor computation; tests/sim/complex.sh checks it
// against the closed forms.
model ComplexSim
  import Modelica.ComplexMath.j;
  parameter Real R = 2, L = 0.5, w = 3;
  Complex Z = R + j * w * L "impedance 2 + 1.5j: a Real converted by Complex's constructor";
  Complex v = Complex(cos(time), sin(time)) "a unit phasor";
  Complex i = v / Z;
  Real mag = Modelica.ComplexMath.abs(i);
  Real ph = Modelica.ComplexMath.arg(i);
  Complex p = v * Modelica.ComplexMath.conj(i);
  Complex s[2] = {v, -v} - {i, i};
  Real pr = Modelica.ComplexMath.real(v * Modelica.ComplexMath.conj(i)) "a record argument given by an expression";
  Complex q = Complex(im = 2, re = time) "named arguments of the overloaded constructor";
  Complex vs[2] = {2 * v, Z};
  Real av[2] = Modelica.ComplexMath.abs(vs) "a function of a record applied element by element (12.4.6)";
  Complex cv[2] = Modelica.ComplexMath.conj(vs) "... with a record result";
  Complex f3[3] = fill(Z, 3);
  annotation(experiment(StopTime = 1));
end ComplexSim;
