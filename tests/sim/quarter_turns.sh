#!/usr/bin/env bash
# cos and sin of whole quarter turns evaluated when the model is compiled are exactly 0, 1 or -1
# (instantiate/eval.c: mo_eval_quarter_turn, also through analysis/expr.c's folding): in doubles
# cos(pi/2) is 6.1e-17, and FundamentalWave's rotor cage (orientation = {0, pi/2}) left coefficients of
# 4.8e-17 that tearing divided by. tests/models/QuarterTurns.mo: N = cos(pi/2) through a function
# evaluated at compile time, so 'N * w + z = time' gives z = time exactly (it was time - 6.1e-17 * w);
# sin(3 pi/2) = -1, cos(2 pi) = 1, while cos(1.5707963), no quarter turn, keeps its value 2.68e-8.
source tests/ref/lib.sh
D=$OUT/quarter_turns
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/QuarterTurns.mo QuarterTurns.M -o "$D/q" || exit 1
simulate "$D" q -r=res.csv || exit 1
# columns: time, w, z, y
awk -F, 'NR == 1 { if ($3 != "\"z\"" || $4 != "\"y\"") { print "FAIL: columns " $0; bad = 1; exit } next }
    $3 != $1 && !bad { printf "FAIL: z at t=%s is %s, not exactly time\n", $1, $3; bad = 1 }
    $4 != "2.6794896585028633e-08" && !bady { printf "FAIL: y at t=%s is %s, not cos(1.5707963) = 2.6794896585028633e-08\n", $1, $4; bady = 1 }
    END { exit bad || bady }' "$D/res.csv"
