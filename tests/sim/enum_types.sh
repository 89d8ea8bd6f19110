#!/usr/bin/env bash
# tests/models/EnumTypes.mo: enumeration literals and ranges through short classes, Integer() of
# enumeration values, for over an enumeration or Boolean type in a function; the values are hand-computed
# in the model's header comment.
source tests/ref/lib.sh
D=$OUT/enum_types
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/EnumTypes.mo EnumTypes.M -o "$D/M" || { echo "mo2c failed"; exit 1; }
log=$(cd "$D" && ./M -outputFormat=csv -r=res.csv 2>&1) || { echo "run failed: $log"; exit 1; }
status=0
grep -q 'assertion failed in function EnumTypes.h: B2C32B$' <<<"$log" || { echo "FAIL: h's message: $log"; status=1; }
for c in "fy 623" "gy 11" "sx 6" "n 3" "isB 1"; do
    set -- $c
    closed_form "$D/res.csv" "$1" "$2" 1e-12 || status=1
done
exit $status
