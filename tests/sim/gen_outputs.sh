#!/usr/bin/env bash
# rhs computes only what the derivatives and the event functions need; the model's outputs function
# computes the rest at output points and events (tests/sim/gen/Outputs.mo). Closed form with k = 2, c = 1:
# x = exp(-t), v = 3 x, w = v / (s k) = 3 x / 8, z = 2 x; the when-condition z < 1 fires at t = ln 2
# (tz = ln 2, after = 1 from then on). Checked: the emitted C puts v, w, after in outputs and z, q in rhs
# (the when-condition and the assert read them); every CSV row against the closed form (outputs were
# current at each row, event rows included); with -outputFormat=empty the run gives the same statistics;
# -override=c=-0.2 makes the assert on q fail near t = ln(1 / 0.7) even with one output point per
# second (q must be current after every step, not only at output points); the divisors k - 1 and s * k
# are checked once by init_params: -override=s=0 fails at time 0 naming the equation of w.
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/gen_outputs
rm -rf "$D"; mkdir -p "$D"
status=0
fail() { echo "FAIL: $*"; status=1; }
"$MO2C" tests/sim/gen/Outputs.mo --emit-c -o "$D/Outputs.c" || exit 1
body() { sed -n "/^static int $1(/,/^}/p" "$D/Outputs.c"; }
for v in v w after; do
    body outputs | grep -q "/\* $v \*/ = " || fail "$v is not computed by outputs"
    body rhs | grep -q "/\* $v \*/ = " && fail "$v is computed by rhs"
done
for v in z q; do
    body rhs | grep -q "/\* $v \*/ = " || fail "$v (read by an event function) is not computed by rhs"
done
grep -q '^    .outputs = outputs,$' "$D/Outputs.c" || fail "no .outputs in the model"
body rhs | grep -q 'mo2c_div' && fail "rhs still checks a division by a parameter expression"
[ "$(body init_params | grep -c 'division by zero in equation')" = 2 ] || fail "init_params does not check the 2 divisors"

"$MO2C" tests/sim/gen/Outputs.mo -o "$D/Outputs" || exit 1
(cd "$D" && ./Outputs -outputFormat=csv -r=res.csv -lv=LOG_STATS > run.log 2>&1) || { cat "$D/run.log"; exit 1; }
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; gsub(/"/, "", h); c[h] = i }
                   next }
         { t = $1; x = exp(-t); n++
           e = $c["x"] - x; if (e < 0) e = -e; if (e > m) m = e
           e = $c["v"] - 3 * x; if (e < 0) e = -e; if (e > m) m = e
           e = $c["w"] - 3 * x / 8; if (e < 0) e = -e; if (e > m) m = e
           e = $c["z"] - 2 * x; if (e < 0) e = -e; if (e > m) m = e
           if ($c["after"] != ($c["tz"] > 0)) { print "after = " $c["after"] " with tz = " $c["tz"] " at t = " t; bad = 1 }
           if (t > 0.7 && ($c["tz"] - log(2) > 1e-6 || log(2) - $c["tz"] > 1e-6)) { print "tz = " $c["tz"] " at t = " t; bad = 1 }
           if (t < 0.69 && $c["after"] != 0) { print "after = 1 at t = " t; bad = 1 } }
         END { if (n < 500 || m > 1e-5 || bad) { print "rows " n ", max error " m; exit 1 } }' "$D/res.csv" \
    || fail "results differ from the closed form"
(cd "$D" && ./Outputs -outputFormat=empty -lv=LOG_STATS > empty.log 2>&1) || fail "the run without results failed"
[ "$(grep -E 'steps:|events:' "$D/run.log")" = "$(grep -E 'steps:|events:' "$D/empty.log")" ] \
    || fail "-outputFormat=empty took other steps: $(grep -E 'steps:|events:' "$D/run.log" "$D/empty.log")"

if (cd "$D" && ./Outputs -override=c=-0.2 -stepSize=1 -outputFormat=csv -r=assert.csv) > "$D/assert.log" 2>&1; then
    fail "the assert on q did not fire"
fi
t=$(sed -n 's/^error: at time \([^:]*\): assertion failed: q fell below 0.5$/\1/p' "$D/assert.log")
awk -v t="$t" 'BEGIN { e = t - log(1 / 0.7); exit !(t != "" && e >= 0 && e < 0.15) }' \
    || fail "the assert fired at '$t', expected just after $(awk 'BEGIN { print log(1 / 0.7) }'): $(cat "$D/assert.log")"

if (cd "$D" && ./Outputs -override=s=0 -outputFormat=csv -r=div.csv) > "$D/div.log" 2>&1; then
    fail "the run dividing by s * k = 0 succeeded"
fi
grep -q '^error: at time 0: division by zero in equation Outputs.mo:[0-9]*: w = v / (s \* k)$' "$D/div.log" \
    || fail "division message: $(cat "$D/div.log")"
exit $status
