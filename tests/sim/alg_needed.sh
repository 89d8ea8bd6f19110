#!/usr/bin/env bash
# What an algorithm section reads is computed in rhs when the section, its relations or its asserts are
# evaluated there (codegen_need.c): tests/models/AlgNeeded.mo against closed forms, with output points
# 0.1 apart (-stepSize=0.1) and, for AssertRel, one output interval (-stepSize=1), so that a value of the
# last output point shows. Before: Stale's r(1) = 1.8 and z(1) = 0.899 (the w of t = 0.9); WhenRel's
# and Chain's te = 0.6; IfRel's z(1) = 0.8; InLoop's b(1) = 0.948, z(1) = 0.573; AssertRel failed at
# t = 1.
source tests/ref/lib.sh
D=$OUT/alg_needed
rm -rf "$D"; mkdir -p "$D"
F=tests/models/AlgNeeded.mo
status=0
last() { # NAME COLUMN WANT TOL: the last row's COLUMN of NAME.csv is WANT within TOL
    awk -F, -v col="\"$2\"" -v want="$3" -v tol="$4" '
        NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i; next }
        { v = $c; t = $1 }
        END { d = v - want; if (d < 0) d = -d; if (!c || t != 1 || d > tol) { printf "FAIL: %s at t=%s is %s, expected %s\n", col, t, v, want; exit 1 } }' "$D/$1.csv"
}
build_sim $F AlgNeeded Stale -stepSize=0.1 &&
    closed_form "$D/Stale.csv" r '2 * t' 1e-9 && closed_form "$D/Stale.csv" z 't * t' 1e-6 || status=1
build_sim $F AlgNeeded WhenRel -stepSize=0.1 && last WhenRel te 0.5 1e-6 || status=1
build_sim $F AlgNeeded IfRel -stepSize=0.1 &&
    closed_form "$D/IfRel.csv" z '(t > 0.5 ? 2 * (t - 0.5) : 0)' 1e-6 && last IfRel z 1 1e-6 || status=1
build_sim $F AlgNeeded Chain -stepSize=0.1 && last Chain te 0.5 1e-6 || status=1
# b^3 + b = 2 t by Cardano's formula: b = cbrt(t + s) - cbrt(s - t), s = sqrt(t^2 + 1/27) > t >= 0
cardano='exp(log(t + sqrt(t * t + 1 / 27)) / 3) - exp(log(sqrt(t * t + 1 / 27) - t) / 3)'
build_sim $F AlgNeeded InLoop -stepSize=0.1 &&
    closed_form "$D/InLoop.csv" b "$cardano" 1e-6 && last InLoop b 1 1e-6 &&
    last InLoop z 0.625 1e-6 || status=1
if "$MO2C" $F AlgNeeded.AssertRel -o "$D/AssertRel"; then
    msg=$(cd "$D" && ./AssertRel -stepSize=1 -r=AssertRel.csv 2>&1); rc=$?
    at=$(sed -n 's/.*at time \([0-9.e-]*\): assertion failed: w reached 0.45.*/\1/p' <<<"$msg")
    if [ $rc = 0 ] || [ -z "$at" ] || ! awk -v t="$at" 'BEGIN { exit !(t >= 0.45 && t < 0.5) }'; then
        echo "FAIL: AssertRel (exit $rc) should fail at a time in [0.45, 0.5): $msg"; status=1
    fi
else
    status=1
fi
exit $status
