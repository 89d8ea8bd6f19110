model Calls
  Real x(start = 1);
equation
  der(x) = -x;
  assert(x > -1, "x too small", AssertionLevel.warning);
  when x < 0.5 then
    reinit(x, 1);
    terminate("done");
  end when;
  Modelica.Utilities.Streams.print("hello");
  .f(x);
  a.b[1].c(x, y = 2);
end Calls;
