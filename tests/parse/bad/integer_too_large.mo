// ARGS: --parse %f
// ERROR: %f:4:15: error: integer literal '99999999999999999999' is too large
model A
  Integer n = 99999999999999999999;
end A;
