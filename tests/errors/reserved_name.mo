// The names of the predefined types are reserved (specification 4.8): no component or class may take them.
// ERROR: %f:5:11: error: 'Real' is the name of a predefined type: no element may be declared with it (specification 4.8)
// ERROR: %f:6:9: error: 'String' is the name of a predefined type: no element may be declared with it (specification 4.8)
model ReservedName
  Integer Real = 2;
  class String
    Real x = 1;
  end String;
end ReservedName;
