// reinit needs a state.
model M
  Real x(start = 1, fixed = true);
  Real y;
equation
  der(x) = -x;
  y = 2*x;
  when x < 0.5 then
    reinit(y, 1);
  end when;
end M;
// ARGS: --emit-c %f -o tests/out/reinit_not_state.c
// ERROR: %f:9:12: error: reinit(y, ...): 'y' is not a state of the model
