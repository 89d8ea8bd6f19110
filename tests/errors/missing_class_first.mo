// The first identifier of a type name is unknown.
model M
  NoSuchLib.Thing t;
end M;
// ERROR: %f:3:3: error: unknown class 'NoSuchLib.Thing'
