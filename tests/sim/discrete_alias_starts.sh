#!/usr/bin/env bash
# Aliases of discrete-time variables with different fixed start values (tests/models/DiscreteAliasStarts.mo):
# 8.6 gives each its own pre(v) = start at initialization, so the pre values read in `when initial()` are
# the declared starts (1, 5, -7, true, false, High, Low), while the variables themselves are equal (b = a,
# c = -b, v = u, f = e) at every time. Until dae.c kept such an equation, alias elimination merged the
# pairs and stopped with "aliases (equal) but have different fixed start values" (Digital's WiredX).
source tests/ref/lib.sh
D=$OUT/discrete_alias_starts; rm -rf "$D"; mkdir -p "$D"
status=0
"$MO2C" tests/models/DiscreteAliasStarts.mo -o "$D/das" || { echo "FAIL: mo2c failed"; exit 1; }
simulate "$D" das -noEventEmit -r=res.csv || exit 1
R=$D/res.csv
for c in a b; do closed_form "$R" $c "t < 0.5 ? 2 : 3" 0 || status=1; done
closed_form "$R" c "t < 0.5 ? -2 : -3" 0 || status=1
for c in u v; do closed_form "$R" $c "t < 0.25 ? 0 : 1" 0 || status=1; done
for c in e f; do closed_form "$R" $c "t < 0.75 ? 2 : 3" 0 || status=1; done
closed_form "$R" n "t < 0.5 ? 0 : 1" 0 || status=1
closed_form "$R" pa 1 0 || status=1
closed_form "$R" pb 5 0 || status=1
closed_form "$R" pc -7 0 || status=1
closed_form "$R" pu 1 0 || status=1
closed_form "$R" pv 0 0 || status=1
closed_form "$R" pe 3 0 || status=1
closed_form "$R" pf 1 0 || status=1
exit $status
