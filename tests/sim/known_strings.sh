#!/usr/bin/env bash
# tests/models/KnownStrings.mo: Modelica.Utilities.Strings.substring and length evaluated when the model
# is compiled (their values choose parameters): Choose y = 2 t + 7 (by hand from "Dy05"); Beyond: the
# MSL's check of endIndex as a compile-time error at the call.
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
[ -n "${SHARED:-}" ] && [ -d "$SHARED/msl/4.0.0/Modelica" ] || { echo "no MSL 4.0.0 in ../shared"; exit 77; }
MSL=$SHARED/msl/4.0.0
D=$OUT/known_strings
rm -rf "$D"; mkdir -p "$D"
F=tests/models/KnownStrings.mo
status=0
"$MO2C" "$F" KnownStrings.Choose -L "$MSL" -o "$D/choose" || exit 1
(cd "$D" && ./choose -r=choose.csv >choose.out 2>&1) || { echo "Choose: $(cat "$D/choose.out")"; status=1; }
awk -F, 'NR > 1 { e = $2 - 2 * $1 - 7; if (e < 0) e = -e; n++
    if (e > 1e-12) { print "Choose: y = " $2 " at t = " $1; exit 1 } }
    END { if (n < 100) { print "Choose: only " n " rows"; exit 1 } }' "$D/choose.csv" || status=1
"$MO2C" --flat "$F" KnownStrings.Beyond -L "$MSL" >/dev/null 2>"$D/beyond.err" && { echo "Beyond: accepted"; status=1; }
grep -qF 'KnownStrings.mo:15:25: error: Modelica.Utilities.Strings.substring of "abc" (length 3) from 2 to 5: endIndex is beyond the end' \
    "$D/beyond.err" || { echo "Beyond said: $(cat "$D/beyond.err")"; status=1; }
exit $status
