#!/usr/bin/env bash
# The MSL's CombiTimeTable through its own C code (tests/models/ExternalTables.mo): external objects
# (12.9.7) made by ExternalCombiTimeTable's constructor, read by its functions, destroyed at the end; the
# library built from Modelica/Resources/C-Sources (cached). Values by hand from the tables:
#   Inline  y1 on [0, 0; 1, 2; 2, 3]: 2t, then 1 + t, then extrapolated through the last two points 1 + t;
#           y2 on [0, 1; 0.5, 5; 1.5, -2], constant segments, held after 1.5, offset 10: 11, 15, 8
#   File    table tab1 of Modelica/Resources/Data/Tables/test.txt ([0,0; 1,0; 1,1; 2,4; 3,9; 4,16]: a
#           jump at t = 1, read through the table's file name, with the tableOnFile choices of the block
#           made at run time): 0, then 1 + 3 (t-1), 4 + 5 (t-2), 9 + 7 (t-3)
#   Resource the same table, its fileName Files.loadResource("modelica://Modelica/Resources/...") resolved
#           when the model is compiled (--flat shows the absolute path)
#   Missing  loadResource of a resource that does not exist: a compile-time error at the URI
#   Ints    IntegerTable [0, 1; 1, 3; 2, -2]: 1, 3, -2 (needs the when {..., initial()} of the block active at
#           initialization, 8.6: the MSL's C code reads the table only after its next event was asked for)
# Rows at the breakpoints themselves (either side of an event) are not compared.
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
[ -n "${SHARED:-}" ] && [ -d "$SHARED/msl/4.0.0/Modelica" ] || { echo "no MSL 4.0.0 in ../shared"; exit 77; }
MSL=$SHARED/msl/4.0.0
D=$OUT/external_tables
rm -rf "$D"; mkdir -p "$D"
status=0
fail() { echo "FAIL: $*"; status=1; }
F=tests/models/ExternalTables.mo
cp "$MSL/Modelica/Resources/Data/Tables/test.txt" "$D/"
check() { # model awk-program-for-want(t, col)
    local m=$1 prog=$2
    "$MO2C" "$F" "ExternalTables.$m" -L "$MSL" -o "$D/$m" 2>"$D/$m.err" || { fail "mo2c $m: $(cat "$D/$m.err")"; return; }
    (cd "$D" && "./$m" -r="$m.csv" >"$m.out" 2>&1) || { fail "$m: $(cat "$D/$m.out")"; return; }
    awk -F, "NR == 1 { next }
        { t = \$1; n++ }
        $prog
        function near(t, b) { return t > b - 1e-9 && t < b + 1e-9 }
        function chk(col, want,   e) { e = \$col - want; if (e < 0) e = -e
            if (e > 1e-9) { print \"$m: column \" col \" = \" \$col \" at t = \" t \", expected \" want; bad = 1; exit 1 } }
        END { if (bad) exit 1; if (n < 400) { print \"$m: only \" n \" rows\"; exit 1 } }" "$D/$m.csv" || status=1
}
check Inline '{ if (!near(t, 1) && !near(t, 2)) chk(2, t < 1 ? 2 * t : 1 + t)
               if (!near(t, 0.5) && !near(t, 1.5)) chk(3, t < 0.5 ? 11 : t < 1.5 ? 15 : 8) }'
check File '{ if (!near(t, 1)) chk(2, t < 1 ? 0 : t < 2 ? 1 + 3 * (t - 1) : t < 3 ? 4 + 5 * (t - 2) : 9 + 7 * (t - 3)) }'
check Resource '{ if (!near(t, 1)) chk(2, t < 1 ? 0 : t < 2 ? 1 + 3 * (t - 1) : t < 3 ? 4 + 5 * (t - 2) : 9 + 7 * (t - 3)) }'
grep -q '^  parameter String tab.fileName = "/[^"]*/Modelica/Resources/Data/Tables/test.txt"' <("$MO2C" --flat "$F" ExternalTables.Resource -L "$MSL") ||
    fail "Resource: --flat does not show the resolved absolute path of the resource"
"$MO2C" --flat "$F" ExternalTables.Missing -L "$MSL" >/dev/null 2>"$D/missing.err" && fail "Missing: accepted"
grep -qF "ExternalTables.mo:27:64: error: the resource 'modelica://Modelica/Resources/Data/Tables/none.txt' does not exist" "$D/missing.err" ||
    fail "Missing: $(cat "$D/missing.err")"
check Ints '{ if (!near(t, 1) && !near(t, 2)) chk(2, t < 1 ? 1 : t < 2 ? 3 : -2) }'
exit $status
