model Literals
  Integer i = 123;
  Real r1 = 1.0, r2 = 1., r3 = 1e3, r4 = 1.e-3, r5 = 2.5E+10, r6 = 0.5, r7 = 007;
  String s = "text";
  Boolean t = true, f = false;
end Literals;
