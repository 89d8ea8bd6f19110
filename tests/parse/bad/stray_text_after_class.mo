// ARGS: --parse %f
// ERROR: %f:5:1: error: syntax error, unexpected identifier 'Real'
model A
end A;
Real x;
