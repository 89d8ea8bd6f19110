// ARGS: --dump=dae %f
// The seed's SMD after alias elimination and state selection: 4 states (inertia angles and speeds),
// the damper's phi_rel a dummy state, one equation differentiated.
model dump_smd_dae
  extends ModelicaByExample.Components.Rotational.Examples.SMD;
end dump_smd_dae;
