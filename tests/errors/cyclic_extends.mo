// Classes that extend each other: the cycle is named.
model A
  extends B;
end A;
model B
  extends C;
end B;
model C
  extends A;
end C;
model M
  A a;
end M;
// MODEL: M
// ERROR: error: cyclic extends: A -> B -> C -> A
