// A connector made of connectors is connected element by element (plug.p with plug.p, plug.n with
// plug.n); connector arrays too.
connector Pin
  Real v;
  flow Real i;
end Pin;
connector Plug
  Pin p;
  Pin n;
end Plug;
model Src
  Plug plug;
  Pin pins[2];
equation
  plug.p.v - plug.n.v = 1;
  plug.p.i + plug.n.i = 0;
  pins[1].v = 1;
  pins[2].v = 2;
end Src;
model M
  Src a, b;
equation
  connect(a.plug, b.plug);
  connect(a.pins, b.pins);
end M;
// MODEL: M
