// ARGS: --parse %f
// ERROR: %f:3:7: error: syntax error, unexpected 'model', expecting identifier or 'extends'
model model
end model;
