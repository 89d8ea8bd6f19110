// ARGS: --parse %f
// ERROR: %f:1:1: error: file '%f' is empty: expected a class definition
