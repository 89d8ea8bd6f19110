model Conn
  Pin a, b, c[2];
equation
  connect(a, b);
  connect(a.p, b.n) annotation(Line(points = {{0, 0}, {10, 10}}, color = {0, 0, 255}));
  connect(c[1], c[2]) "described";
  connect(.Global.pin, x.y[1, end].z);
  for i in 1:1 loop connect(c[i], c[i + 1]); end for;
end Conn;
