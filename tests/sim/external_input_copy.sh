#!/usr/bin/env bash
# An external C function that writes into its array input (which 12.9.1.3 forbids: the inputs are const
# pointers) cannot change the model: a model passes an array variable whole as its own storage
# (codegen_fn.c), so the external call gets a copy (mo2c_acopy, codegen_fnext.c), directly or through a
# Modelica function that passes its input on (tests/models/ExtWritesInput.mo). Closed forms:
# x[i] = exp(-t), s = s2 = 5 exp(-t).
source tests/ref/lib.sh
D=$OUT/external_input_copy; rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/ExtWritesInput.mo -o "$D/ext" || exit 1
simulate "$D" ext -r=res.csv -outputFormat=csv || exit 1
status=0
for c in "x[1]|exp(-t)" "x[5]|exp(-t)" "s|5*exp(-t)" "s2|5*exp(-t)"; do
    closed_form "$D/res.csv" "${c%%|*}" "${c#*|}" 1e-5 || status=1
done
exit $status
