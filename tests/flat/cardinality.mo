// cardinality(c) (spec 3.7.2.3): the connect-equations c occurs in, inside and outside, after the
// connections to disabled conditional components are removed; in bindings, asserts, and conditions of
// if-equations (flattened once the counts are known, also inside for-loops).
model Cardinality
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  model Part "grounds n when nothing connects it"
    Pin p, n, aux;
    Integer np = cardinality(p);
    parameter Integer k = 1;
  equation
    assert(cardinality(p) > 0, "p must be connected");
    p.v - n.v = k;
    p.i + n.i = 0;
    if cardinality(n) == 0 then
      n.v = 0;
    end if;
    for j in 1:2 loop
      if cardinality(aux) == j then
        aux.v = j;
      end if;
    end for;
    connect(aux, p);
  end Part;
  Part a, b, c;
  Part d if false;
equation
  connect(a.n, b.p);
  connect(b.n, c.p);
  connect(c.n, d.p);
  connect(a.p, c.p);
end Cardinality;
