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
  annotation(experiment(StopTime = 1));
end ComplexSim;
