// ARGS: --dump=blt %f
// The seed's SMD sorted: ODE and initial blocks in evaluation order.
model dump_smd_blt
  extends ModelicaByExample.Components.Rotational.Examples.SMD;
end dump_smd_blt;
