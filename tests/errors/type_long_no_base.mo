model TypeLongNoBase
  type T
  end T;
  T t;
end TypeLongNoBase;
// ERROR: %f:4:3: error: type 'T' neither names nor extends a predefined type or an enumeration
// ERROR: %f:2:8: note: 'T' is defined here
