model StrFormat
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  assert(x > 0.5, "x = " + String(x, format = "%s%n"));
end StrFormat;
// ERROR: %f:5:47: error: unsupported format "%s%n" in String() of a Real: expected [flags][width][.precision] and a conversion among e, E, f, F, g, G
