// connect inside an if-equation whose condition changes in time is not allowed (spec 8.3.4).
model CW
  connector P Real v; flow Real i; end P;
  model R P p, n; equation p.v - n.v = p.i; p.i + n.i = 0; end R;
  R r1, r2;
equation
  r1.n.v = 0; r2.n.v = 0; r1.p.v = 1;
  if time > 0.5 then
    connect(r1.p, r2.p);
  end if;
end CW;
// ERROR: %f:9:5: error: connect cannot be inside an if-equation whose condition is not a parameter expression
