// A function of scalar inputs and a record output applied element by element (12.4.6) in an equation
// whose left side is an array of records: one call per element, equated field by field (the MSL's
// Magnetic.QuasiStatic.FundamentalWave.Utilities.VfController: y = Modelica.ComplexMath.fromPolar(
// fill(amplitude, m), orientation + fill(BasePhase - pi/2, m)), y an array of Complex).
model record_call_vectorized
  record R
    Real re;
    Real im;
  end R;
  function polar
    input Real len;
    input Real phi;
    output R c;
  algorithm
    c := R(len*cos(phi), len*sin(phi));
  end polar;
  parameter Integer m = 3;
  parameter Real phi[m] = {0, 1, 2};
  Real a = time;
  R y[m];
  R z;
equation
  y = polar(fill(a, m), phi + fill(0.5, m));
  z = polar(a, 0);
end record_call_vectorized;
