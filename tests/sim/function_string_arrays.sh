#!/usr/bin/env bash
# Vectors of Strings as inputs of functions (the Fluid library's checkBoundary takes Medium.substanceNames):
# tests/models/StringArrays.mo gives them a model's constant, a package's constant and literals, and a
# function passes its vector on. Hand-derived values: der(x) = index({"a","b","c"}, "b") = 2, so x = 2t;
# n = 10*3 + 3 = 33, m = 10*2 + 2 = 22 ({"w","c"}), q = 10*1 + 0 = 10 ({"a"}); j = isB({"a","b"}, k) with
# k = integer(4t) + 1: 0 for t < 0.25, 1 up to t = 0.5, where k = 3 is out of bounds: the run stops
# there with the index error (an element is chosen at run time, and never beyond the vector). A vector
# of Strings left to its default {"x", "y", "z"} by a call: r = position("z") = 3, u = 2 (the call in a
# function), r2 = position("b", {"a", "b"}) = 2.
# With the MSL beside us: Modelica.Fluid.Examples.TraceSubstances.RoomCO2 flattens, its sources' calls of
# Fluid.Utilities.checkBoundary made with MoistAir's substanceNames.
D=$OUT/function_string_arrays
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/StringArrays.mo StringArrays.M -o "$D/M" || { echo "mo2c failed"; exit 1; }
(cd "$D" && ./M -stopTime=0.4 -r=res.csv >/dev/null) || { echo "the run to 0.4 failed"; exit 1; }
status=0
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { t = $c["\"time\""]; j = (t < 0.25 - 1e-9) ? 0 : 1
      if ((t > 0.25 + 1e-9 || t < 0.25 - 1e-9) && $c["\"j\""] != j) { print "j = " $c["\"j\""] " at t = " t; bad = 1 }
      if ($c["\"n\""] != 33 || $c["\"m\""] != 22 || $c["\"q\""] != 10) { print "n, m, q = " $c["\"n\""] ", " $c["\"m\""] ", " $c["\"q\""] " at t = " t; bad = 1 }
      if ($c["\"r\""] != 3 || $c["\"r2\""] != 2 || $c["\"u\""] != 2) { print "r, r2, u = " $c["\"r\""] ", " $c["\"r2\""] ", " $c["\"u\""] " at t = " t; bad = 1 }
      d = $c["\"x\""] - 2*t; if (d > 1e-9 || d < -1e-9) { print "x = " $c["\"x\""] " at t = " t; bad = 1 }
      rows++ }
    END { if (rows < 10) { print "only " rows " rows"; bad = 1 } exit bad }' "$D/res.csv" || status=1
log=$(cd "$D" && ./M -stopTime=1 -r=res2.csv 2>&1); rc=$?
want='error: at time 0.5: index 3 out of bounds 1..2 in tests/models/StringArrays.mo:26: n := if names[k] == "b" then 1 else 0 (function StringArrays.isB)'
[ $rc = 1 ] || { echo "exit $rc, expected 1"; status=1; }
[[ "$log" == *"$want"* ]] || { echo "missing: $want"; echo "output was: $log"; status=1; }
if [ -n "${SHARED:-}" ] && [ -d "$SHARED/msl/4.0.0" ]; then
    "$MO2C" --flat -L "$SHARED/msl/4.0.0" Modelica.Fluid.Examples.TraceSubstances.RoomCO2 > "$D/RoomCO2.flat" ||
        { echo "RoomCO2 does not flatten"; status=1; }
    grep -qxF '  input String substanceNames[2] = {"water", "air"};' "$D/RoomCO2.flat" ||
        { echo "RoomCO2: no checkBoundary for MoistAir's substanceNames"; status=1; }
fi
exit $status
