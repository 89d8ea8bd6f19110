model SyncSingular
  Clock c = Clock(0.1);
  Real u = sample(time, c);
  Real y, z, w;
equation
  y = 2*u;
  y = u + 1;
  z = previous(z) + w + u;
end SyncSingular;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:7:3: error: not supported yet: the equations of this clocked partition are structurally singular (no variable of its own for this one; index reduction within a clocked partition)
