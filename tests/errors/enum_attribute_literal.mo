// An enumeration's literals share the scope of its attributes (spec 4.9.5.1): no literal named start.
model M
  type E = enumeration(stop, start);
  E e = E.stop;
end M;
// MODEL: M
// ERROR: %f:3:30: error: an enumeration literal cannot be named 'start', the name of an attribute of enumeration 'E' (specification 4.9.5.1)
