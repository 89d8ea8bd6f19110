// ARGS: --parse %f
// ERROR: %f:6:5: error: class 'Alpha' ends with 'end Beta'
// ERROR: %f:4:7: note: class 'Alpha' opened here
model Alpha
  Real x;
end Beta;
