// connect inside a when-equation is not allowed (spec 8.3.5): it would be an unconditional connection.
model CWH
  connector P Real v; flow Real i; end P;
  model R P p, n; equation p.v - n.v = p.i; p.i + n.i = 0; end R;
  R r1, r2;
equation
  r1.n.v = 0; r2.n.v = 0; r1.p.v = 1;
  when time > 0.5 then
    connect(r1.p, r2.p);
  end when;
end CWH;
// ERROR: %f:9:5: error: connect cannot be inside a when-equation
