// StateSelect.always is a requirement (spec 4.9.7.1): a variable that cannot be a state is an error.
model M
  Real v(stateSelect = StateSelect.always) = if time < 0.5 then 1.0 else 5.0;
end M;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:3:8: error: 'v' has stateSelect = StateSelect.always, but it is no state of the model (specification 4.9.7.1)
