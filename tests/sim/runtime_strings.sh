#!/usr/bin/env bash
# Strings built at run time as arguments of calls (tests/models/RuntimeStrings.mo):
#   Print       x = exp(-t): at each sample instant t = 0, 0.25, ..., 1 a line with String(time), x to 4
#               significant digits, n padded to 3, a Boolean, an enumeration, a choice and format "8.3f",
#               word for word against the same values printed here by awk (closed form); an equation's
#               call Strings.length("n=" + String(10^n) + ";") gives 3 + the digits of 10^n in every row;
#   StopSample  the sample instant at the stop time fires once: 5 ticks (0, 0.25, 0.5, 0.75, 1), not 6;
#   ShowParameter  print("k=" + String(k) + "|" + String(1, minimumLength = w, leftJustified = x > 10) + "|")
#               with -override k=22,w=5 prints "k=22|    1|" (neither conversion is folded, so -override of k
#               and w is allowed and shows), and Strings.length(String(2, minimumLength = w, leftJustified = x > 10))
#               is 5 in every row (w was marked as evaluated though the conversion was not folded);
#   EquationOnly   Strings built only for a call in an equation are released at each evaluation: the C
#               resets them, and a run of 2e5 output points stays under 50 MB (it grew without bound);
#   Evil        a String parameter of quotes, comment delimiters, %n, %s, backslashes and a trigraph joined at
#               run time: the C compiles with -Wall -Wextra -Wpedantic -Werror and prints it exactly.
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}" "${MSL:=../shared/msl/4.0.0}"
D=$OUT/runtime_strings
rm -rf "$D"; mkdir -p "$D"
F=tests/models/RuntimeStrings.mo
if [ ! -d "$MSL/Modelica" ]; then echo "skipped: no MSL at $MSL (Modelica.Utilities)"; exit 0; fi
status=0
fail() { echo "FAIL: $*"; status=1; }
build() { "$MO2C" -L "$MSL" "$F" "RuntimeStrings.$1" -o "$D/$1" || { fail "mo2c $1"; return 1; }; }

if build Print; then
    out=$(cd "$D" && ./Print -r=res.csv 2>&1) || fail "Print: exit $?"
    want=$(awk 'BEGIN {
        for (k = 0; k <= 4; k++) {
            t = k * 0.25; x = exp(-t); n = k + 1
            b = (x > 0.5) ? "true" : "false"; c = (x > 0.5) ? "red" : "blue"; h = (x > 0.6) ? "high" : "low"
            printf "t=%s x=%s n=%-3d| b=%s c=%s %s f=%8.3f\n", t, sprintf("%.4g", x), n, b, c, h, x }
        print "The simulation finished successfully." }')
    [ "$out" = "$want" ] || fail "Print printed:
$out
expected:
$want"
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "\"len\"") c = i; if ($i == "\"n\"") k = i }; next }
             { w = 3 + length(sprintf("%g", 10 ^ $k)); seen[w] = 1
               if ($c != w) { print "len = " $c " at t = " $1 " (n = " $k "), expected " w; bad = 1 } }
             END { exit bad || !c || !k || !seen[4 + 1] || !seen[3 + 6] }' "$D/res.csv" || fail "Print: len"
fi

if build StopSample; then
    out=$(cd "$D" && ./StopSample 2>&1) || fail "StopSample: exit $?"
    n=$(printf '%s\n' "$out" | grep -c '^tick ')
    [ "$n" = 5 ] || fail "StopSample: $n ticks, expected 5:
$out"
    printf '%s\n' "$out" | grep -qx 'tick 6' && fail "StopSample fired twice at the stop time"
fi

if build ShowParameter; then
    out=$(cd "$D" && ./ShowParameter -override=k=22,w=5 -r=show.csv 2>&1 | head -1)
    [ "$out" = "k=22|    1|" ] || fail "ShowParameter -override=k=22,w=5 printed [$out]"
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "\"len\"") c = i; next } $c != 5 { bad = 1 }
             END { exit bad || !c }' "$D/show.csv" || fail "ShowParameter: Strings.length(String(2, minimumLength = w, ...)) is not 5 with w = 5"
fi
"$MO2C" -L "$MSL" --emit-c -o "$D/EquationOnly.c" "$F" RuntimeStrings.EquationOnly || fail "mo2c --emit-c EquationOnly"
grep -q 'mo2c_sreset(d)' "$D/EquationOnly.c" || fail "EquationOnly: no mo2c_sreset in the C"
if build EquationOnly && [ -x /usr/bin/time ]; then
    kb=$(cd "$D" && /usr/bin/time -f %M ./EquationOnly -override=stopTime=200,numberOfIntervals=200000 -r=/dev/null 2>&1 >/dev/null | tail -1)
    [ "${kb:-999999}" -lt 51200 ] 2>/dev/null || fail "EquationOnly: peak memory ${kb} KB"
fi

"$MO2C" -L "$MSL" --emit-c -o "$D/Evil.c" "$F" RuntimeStrings.Evil || fail "mo2c --emit-c Evil"
cc -std=c11 -O1 -Wall -Wextra -Wpedantic -Werror -Iruntime -I"$MSL/Modelica/Resources/C-Sources" -c -o "$D/Evil.o" "$D/Evil.c" || fail "Evil: C warnings"
if build Evil; then
    out=$(cd "$D" && ./Evil 2>&1 | head -1)
    want='%n%s "*/ /* \ ??/true%d%n%s "*/ /* \ ??/'
    [ "$out" = "$want" ] || fail "Evil printed [$out], expected [$want]"
fi
exit $status
