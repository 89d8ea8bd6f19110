// Arrays of components and of connectors: connect in a for-loop, over slices and over whole arrays.
model ArrConnect
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  model R
    parameter Real r = 1;
    Pin p, n;
  equation
    p.v - n.v = r * p.i;
    p.i + n.i = 0;
  end R;
  parameter Integer N = 3;
  R res[N](r = {1, 2, 3});
  Pin bus[2];
equation
  for i in 1:N - 1 loop
    connect(res[i].n, res[i + 1].p);
  end for;
  connect(bus, res[1:2].p);
  res[1].p.v = 1;
  res[N].n.v = 0;
end ArrConnect;
