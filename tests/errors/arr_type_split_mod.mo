model ArrTypeSplitMod
  type V = Real[2](start = {1, 2});
  V v[3];
end ArrTypeSplitMod;
// ERROR: %f:3:3: error: not supported yet: an array of the array type 'V', whose modifier gives values for its elements
