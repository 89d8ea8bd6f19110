// StateSelect.never is a requirement (spec 4.9.7.1): a variable the model needs as a state is an error.
model M
  Real x(stateSelect = StateSelect.never);
equation
  der(x) = time;
end M;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:3:8: error: 'x' has stateSelect = StateSelect.never, but the model needs it as a state (specification 4.9.7.1)
