// Names of cloned components nested three deep (flatten_clone.c keeps a clone's variable names as its
// path and its template's names, flat.h mo_clone_names): d2 and d3 are clones of d1, whose bb2 is a
// clone of bb1, whose a1.p is a clone of another connector instance. Expected by hand: every variable
// and equation named with its own instance path (d3.bb2.a1.p.e, not d1's or bb1's), the same text as
// with --no-clone (tests/sim/flat_clones.sh), and the unconnected flows of each clone in its own instance.
// (d3.bb2.a1.p and b4's connectors meet through the connectors q that B and D expose: a connect names
// c or m.c only, spec 9.1.)
model ClonesNested
  connector P Real e; flow Real f; end P;
  model A P p; Real x(start = 1); parameter Real k = 2; equation der(x) = k * p.e; p.f = x; end A;
  model B A a1; A a2(k = 4); P q; equation connect(a1.p, a2.p); connect(a1.p, q); end B;
  model D B bb1; B bb2(a1(x(start = 3))); P q; equation connect(bb2.q, q); end D;
  D d1; D d2; D d3(bb1(a2(k = 5))); B b4;
equation
  connect(d3.q, b4.q);
end ClonesNested;
