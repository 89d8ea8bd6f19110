#!/usr/bin/env bash
# The unit check (chapter 19, --units): tests/models/Units.mo.
#   - UnitsGood (an RC circuit through connectors, a falling mass, constants, sqrt, powers, exp and sin of
#     dimensionless arguments, an if-expression) checks clean, also while a simulator is built, and the
#     simulator it gives is right: the capacitor discharges as v = e^(-t/(R C)), h = h0 - g t^2/2;
#   - UnitsBad: each finding once (a mistake in a class with two instances is told once, naming the
#     instance met first), as warnings by default (the build goes on), errors with --units=error (exit 1),
#     nothing with --units=off; a bad --units value is refused; past 50 findings the rest are counted.
source tests/ref/lib.sh
D=$OUT/units; rm -rf "$D"; mkdir -p "$D"
M=tests/models/Units.mo
status=0
fail() { echo "FAIL: $*"; status=1; }

# clean: no diagnostics at all, for --flat --units=warn and for a whole build
err=$("$MO2C" --flat --units=warn $M Units.UnitsGood 2>&1 >/dev/null) || fail "--flat UnitsGood exit $?"
[ -z "$err" ] || fail "UnitsGood is not clean: $err"
err=$("$MO2C" $M Units.UnitsGood -o "$D/good" 2>&1) || fail "building UnitsGood: $err"
[ -z "$err" ] || fail "building UnitsGood printed: $err"
simulate "$D" good -r=res.csv || fail "UnitsGood did not run"
closed_form "$D/res.csv" c.v "exp(-t/0.1)" 1e-4 || status=1
closed_form "$D/res.csv" h "10 - 9.80665*t*t/2" 1e-6 || status=1

# findings: warnings by default, once per source location
err=$("$MO2C" --flat --units=warn $M Units.UnitsBad 2>&1 >/dev/null) || fail "warnings must not fail the run"
expect() { grep -qF -- "$1" <<<"$err" || fail "missing: $1"; }
expect "Units.mo:82:5: warning: the units of the two sides of this equation do not match: 'N' (s1.f) and 'm' (s1.s) (in s1) [--units]"
expect "Units.mo:87:21: warning: the argument of sin must be dimensionless, not 's' [--units]"
expect "Units.mo:88:16: warning: the units of the two sides of this equation do not match: 'm' (x) and 's' [--units]"
expect "Units.mo:89:14: warning: the units of the operands of '+' do not match: 'V' (u) and 'm' (x) [--units]"
n=$(grep -c 'warning:' <<<"$err")
[ "$n" = 5 ] || fail "expected 5 findings (the class's mistake once), got $n: $err"
grep -q "s2.f" <<<"$err" && fail "the second instance's copy of the mistake was told again"
# a build goes on past warnings
"$MO2C" $M Units.UnitsBad -o "$D/bad" 2>/dev/null || fail "a build with unit warnings failed"
[ -x "$D/bad" ] || fail "no simulator for UnitsBad"
# errors
err=$("$MO2C" --units=error $M Units.UnitsBad -o "$D/bad2" 2>&1); rc=$?
[ $rc = 1 ] || fail "--units=error: exit $rc, expected 1"
[ -e "$D/bad2" ] && fail "--units=error built a simulator"
grep -q "Units.mo:89:14: error: the units of the operands of '+' do not match" <<<"$err" || fail "--units=error: $err"
# off
err=$("$MO2C" --flat --units=off $M Units.UnitsBad 2>&1 >/dev/null)
[ -z "$err" ] || fail "--units=off printed: $err"
# --flat without --units does not check (the check needs the unshared model: see README)
err=$("$MO2C" --flat $M Units.UnitsBad 2>&1 >/dev/null)
[ -z "$err" ] || fail "--flat without --units printed: $err"
err=$("$MO2C" --units=loud --flat $M Units.UnitsBad 2>&1); rc=$?
[ $rc = 1 ] && grep -q "unknown --units value 'loud' (warn, error, off)" <<<"$err" || fail "--units=loud: $rc $err"

# many findings: 50 are shown, the rest counted
{
    echo "model Many"
    for i in $(seq 1 60); do echo "  Real a$i(unit = \"m\") = time;"; done
    echo "end Many;"
} > "$D/Many.mo"
err=$("$MO2C" --flat --units=warn "$D/Many.mo" 2>&1 >/dev/null)
n=$(grep -c 'warning:' <<<"$err")
[ "$n" = 50 ] || fail "expected 50 findings shown, got $n"
grep -q "mo2c: note: 10 more unit findings not shown" <<<"$err" || fail "no count of the rest: $(tail -2 <<<"$err")"
exit $status
