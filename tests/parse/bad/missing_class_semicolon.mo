// ARGS: --parse %f
// ERROR: %f:5:1: error: syntax error, unexpected 'model', expecting ';'
model A
end A
model B
end B;
