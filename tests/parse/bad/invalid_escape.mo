// ARGS: --parse %f
// ERROR: %f:4:16: error: invalid escape sequence '\q' in string
model A
  String s = "a\qb";
end A;
