#!/usr/bin/env bash
# What the C compiler is spared (EngineV6: 47 s of cc CPU before these, 19 s after):
# - an assert whose condition holds whatever happens (literals, aliases of literals, noEvent) is left
#   out of check(): tests/models/ConstAsserts.mo keeps 2 of its 4 (one reads x, one is constant false
#   and must still warn);
# - a table of 2000 variables or more whose rows hardly repeat is an array initializer, not
#   fill_vars() (gcc spends ten times as long on a byte of its statements): 2100 scalars with names
#   made of distinct letters; a model of repeated units keeps fill_vars (tests/sim/loops_agree.sh). The
#   simulator still names every variable: one of them, x(0) = 1 with der(x) = -x, is exp(-t) in the
#   result by its name.
source tests/ref/lib.sh
D=$OUT/codegen_cc_cost
rm -rf "$D"; mkdir -p "$D"
status=0
"$MO2C" --emit-c tests/models/ConstAsserts.mo -o "$D/ca.c" || exit 1
n=$(awk '/^static int check\(/ { f = 1 } f && /^}/ { exit } f' "$D/ca.c" | grep -c 'mo2c_assert(d,')
[ "$n" = 2 ] || { echo "FAIL: check() holds $n asserts, not 2"; status=1; }
"$MO2C" tests/models/ConstAsserts.mo -o "$D/ca" || exit 1
log=$(cd "$D" && ./ca 2>&1)
grep -q "warning: at time 0: assertion failed: constant false: kept" <<<"$log" ||
    { echo "FAIL: the constant false assert did not warn:"; echo "$log"; status=1; }
# name k: distinct letters (base 26), then q and one of x y z w
awk 'function name(i,   n, s) { n = i; s = ""; do { s = s sprintf("%c", 97 + n % 26); n = int(n / 26) } while (n > 0)
                                return s "q" substr("xyzw", i % 4 + 1, 1) }
     BEGIN { print "model Distinct"
             for (i = 0; i < 2100; i++) printf "  Real %s(start = %d, fixed = true);\n", name(i), 1 + i % 7
             print "equation"
             for (i = 0; i < 2100; i++) printf "  der(%s) = -%s;\n", name(i), name(i)
             print "end Distinct;" }' > "$D/Distinct.mo"
"$MO2C" --emit-c "$D/Distinct.mo" -o "$D/distinct.c" || exit 1
grep -q 'fill_vars' "$D/distinct.c" && { echo "FAIL: the table of Distinct is built by fill_vars"; status=1; }
grep -q '^static const mo2c_var_info vars\[\] = {' "$D/distinct.c" ||
    { echo "FAIL: Distinct has no variable table"; status=1; }
"$MO2C" "$D/Distinct.mo" -o "$D/Distinct" || exit 1
simulate "$D" Distinct -variableFilter='time|bqy' -r=res.csv || exit 1
closed_form "$D/res.csv" bqy '2 * exp(-t)' 1e-5 || status=1
exit $status
