#!/usr/bin/env bash
# Aliases of discrete-time variables with different fixed start values (tests/models/DiscreteAliasStarts.mo):
# 8.6 gives each its own pre(v) = start at initialization, so the pre values read in `when initial()` are
# the declared starts (1, 5, -7, true, false, High, Low), while the variables themselves are equal (b = a,
# c = -b, v = u, f = e) at every time. Until dae.c kept such an equation, alias elimination merged the
# pairs and stopped with "aliases (equal) but have different fixed start values" (Digital's WiredX).
# DiscreteAliasParamStarts.mo: the starts are parameters p1 = p2 = 1, equal when compiled but changeable;
# merged, the pair carried one member's start and -override p2=5 gave pre(b) = 1 (p1=5 gave pre(b) = 5).
# ContinuousAliasParamStarts.mo: continuous aliases are merged (one unknown), so the parameters of their
# starts cannot be overridden (-override p2=5 ran with y(0) = 1 without a word); k, no start, still can:
# x = y = exp(-k t).
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

"$MO2C" tests/models/DiscreteAliasParamStarts.mo -o "$D/dap" || { echo "FAIL: mo2c failed"; exit 1; }
for o in "p1=1" "p2=5" "p1=5" "p1=3,p2=-4"; do
    simulate "$D" dap -noEventEmit -override "$o" -r=dap.csv || exit 1
    want=$(awk -v o="$o" 'BEGIN { p1 = 1; p2 = 1; n = split(o, kv, ","); for (i = 1; i <= n; i++) { split(kv[i], x, "="); if (x[1] == "p1") p1 = x[2]; else p2 = x[2] } print p1, p2 }')
    closed_form "$D/dap.csv" pa "${want% *}" 0 || { echo "  (-override $o)"; status=1; }
    closed_form "$D/dap.csv" pb "${want#* }" 0 || { echo "  (-override $o)"; status=1; }
    for c in a b; do closed_form "$D/dap.csv" $c "t < 0.5 ? 2 : 3" 0 || status=1; done
done
"$MO2C" tests/models/ContinuousAliasParamStarts.mo -o "$D/cap" || { echo "FAIL: mo2c failed"; exit 1; }
for p in p1 p2; do
    out=$(cd "$D" && ./cap -override $p=5 2>&1) && { echo "FAIL: -override $p=5 accepted: $out"; status=1; }
    grep -qF "parameter '$p' cannot be overridden" <<<"$out" || { echo "FAIL: -override $p=5 said: $out"; status=1; }
done
simulate "$D" cap -override k=3 -r=cap.csv || exit 1
for c in x y; do closed_form "$D/cap.csv" $c "exp(-3 * t)" 1e-5 || status=1; done
exit $status
