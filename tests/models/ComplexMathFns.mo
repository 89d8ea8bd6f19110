// The MSL's Modelica.ComplexMath functions, whose bodies use Complex's operators, arrays of Complex and
// comprehensions of records, and
// .* against * of Complex vectors; tests/sim/complexmath.sh checks them against Python's cmath
// (tests/ref/complexmath_ref.py).
model ComplexMathFns
  import Modelica.ComplexMath;
  Complex z = Complex(0.3 + 0.1*time, 0.2);
  Complex s = ComplexMath.sin(z);
  Complex c = ComplexMath.cos(z);
  Complex t = ComplexMath.tan(z);
  Complex as = ComplexMath.asin(z);
  Complex ac = ComplexMath.acos(z);
  Complex at = ComplexMath.atan(z);
  Complex sh = ComplexMath.sinh(z);
  Complex th = ComplexMath.tanh(z);
  Complex ash = ComplexMath.asinh(z);
  Complex ach = ComplexMath.acosh(z);
  Complex ath = ComplexMath.atanh(z);
  Complex e = ComplexMath.exp(z);
  Complex l = ComplexMath.log(z);
  Complex sq = ComplexMath.sqrt(z);
  Complex v[3] = {z, 2*z, Complex(1, -1)};
  Real n = ComplexMath.Vectors.norm(v);
  Real len = ComplexMath.Vectors.length(v);
  Complex vn[3] = ComplexMath.Vectors.normalize(v);
  Complex vr[3] = ComplexMath.Vectors.reverse(v);
  Complex sm = ComplexMath.sum(v);
  Complex pr = ComplexMath.product(v);
  Complex mx = ComplexMath.max(v);
  Complex w[3] = {Complex(1, time), Complex(2, 0), Complex(0, -1)};
  Complex pe[3] = v .* w "element by element: Complex's '*' per element";
  Complex sp = v * w "Complex.'*'.scalarProduct, an overload that takes vectors";
  annotation(experiment(StopTime = 1));
end ComplexMathFns;
