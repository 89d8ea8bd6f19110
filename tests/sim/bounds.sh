#!/usr/bin/env bash
# min and max at run time (tests/models/Bounds.mo, check/bounds.c): y = exp(-t) falls below its min 0.5
# at t = ln 2 (0.6931...): one warning at the first check after it (an accepted step or output point, by 0.71), naming y, its value (just
# below 0.5), the bound and the declaration; k = integer(4t) passes its max 2 at t = 0.75; z = 1 - t
# reaches its min 0 at the stop time up to rounding, which is no violation. The run ends successfully.
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/bounds
rm -rf "$D"; mkdir -p "$D"
status=0
fail() { echo "FAIL: $*"; status=1; }
"$MO2C" tests/models/Bounds.mo -o "$D/b" || { echo "FAIL: mo2c"; exit 1; }
out=$(cd "$D" && ./b 2>&1); rc=$?
[ $rc = 0 ] || fail "exit $rc: $out"
grep -qx 'The simulation finished successfully.' <<<"$out" || fail "no success line: $out"
[ "$(grep -c 'warning' <<<"$out")" = 2 ] || fail "expected two warnings: $out"
grep -qE "^warning: at time 0\.(69[3-9]|70)[0-9]*: assertion failed: 'y' = 0\.49[0-9]* is below its min 0\.5 \(declared at tests/models/Bounds\.mo:6:8; specification 4\.9\.1\)$" <<<"$out" \
    || fail "y's warning: $out"
grep -qE "^warning: at time 0\.75[0-9]*: assertion failed: 'k' = 3 is above its max 2 \(declared at tests/models/Bounds\.mo:7:11; specification 4\.9\.1\)$" <<<"$out" \
    || fail "k's warning: $out"
exit $status
