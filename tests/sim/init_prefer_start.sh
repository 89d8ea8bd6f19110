#!/usr/bin/env bash
# When the initial system lacks equations, the start values of variables that prefer to be states
# (stateSelect prefer or always) come before the default start of states that have none
# (compiler/analysis/sort.c): tests/models/PreferStart.mo, a tank whose states are m and U (no start)
# while level(start = 0.8) and T(start = 300) prefer to be states, against the closed form
# level = 0.8 exp(-t/40), T = 300 + 0.625 (exp(t/40) - 1). Before: m = U = 0 from the states' default
# start, and U = m*u divided by zero at time 0 (as AST_BatchPlant's OneTank did).
source tests/ref/lib.sh
D=$OUT/init_prefer_start
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/PreferStart.mo -o "$D/PreferStart" || { echo "FAIL: mo2c"; exit 1; }
simulate "$D" PreferStart -r=res.csv || exit 1
closed_form "$D/res.csv" level '0.8 * exp(-t / 40)' 1e-6 || exit 1
closed_form "$D/res.csv" T '300 + 0.625 * (exp(t / 40) - 1)' 1e-6 || exit 1
closed_form "$D/res.csv" m '1600 * exp(-t / 40)' 1e-3 || exit 1
# the assumed equations are those of level and T
"$MO2C" tests/models/PreferStart.mo --dump=blt > "$D/blt" || exit 1
[ "$(grep -c 'assumed' "$D/blt")" = 2 ] && grep -q 'level = 0.8  \[assumed' "$D/blt" && grep -q 'T = 300  \[assumed' "$D/blt" ||
    { echo "FAIL: the assumed initial equations:"; grep assumed "$D/blt"; exit 1; }
exit 0
