// The literals of an enumeration are distinct (spec 4.9.5): the second one is the error.
model M
  type E = enumeration(one, two, three, two);
  E e = E.three;
end M;
// MODEL: M
// ERROR: %f:3:41: error: enumeration 'E' has two literals named 'two' (specification 4.9.5)
// ERROR: %f:3:29: note: the first is here
