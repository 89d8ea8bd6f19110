// ARGS: --dump=match %f
model dump_smd_match
  extends ModelicaByExample.Components.Rotational.Examples.SMD;
end dump_smd_match;
