// ARGS: --parse %f
// ERROR: %f:4:6: error: syntax error, expecting ';' (before 'model' on line 5)
model A
end A
model B
end B;
