model Numbers
  Real a = 0;
  Real b = 12345678901;
  Real c = 3.14159265358979323846;
  Real d = 1e-300 + 1E+300 + 1e0;
  Real e = 1.e5 + 2.E-5 + 3.;
  Real f = 0.0001;
end Numbers;
