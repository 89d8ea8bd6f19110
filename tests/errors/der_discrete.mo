// der is not applied to discrete-time variables (spec 4.5.3).
model M
  discrete Real d(start = 0, fixed = true);
  Real a = der(d);
equation
  when sample(0, 0.5) then
    d = pre(d) + 1;
  end when;
end M;
// MODEL: M
// ERROR: %f:4:12: error: der of the discrete-time variable 'd': der is not applied to discrete-time variables (specification 4.5.3)
