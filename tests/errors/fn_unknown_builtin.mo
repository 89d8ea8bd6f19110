// A misspelt built-in: the note suggests the built-in.
model M
  Real v = sine(time);
end M;
// ERROR: %f:3:12: error: unknown function 'sine'
// ERROR: note: did you mean 'sin'?
