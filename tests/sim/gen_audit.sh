#!/usr/bin/env bash
# The emitted C as an auditor reads it (issue 17, item 10): source files cited by their paths inside the
# library tree (ModelicaByExample/..., not models/ModelicaByExample/... or an absolute path), so the file
# is the same from any working directory; its header's compile line is the real one (run as it stands,
# it builds a simulator that runs); the comment of a start value points at the modifier that set it
# (SMD.mo's inertia2(phi(start = 1)), line 13), not at the library's declaration.
set -u
: "${MO2C:=$PWD/build/mo2c}" "${OUT:=$PWD/tests/out}"
ROOT=$PWD
D=$OUT/gen_audit
rm -rf "$D"; mkdir -p "$D/a" "$D/b"
fail() { echo "FAIL: $*"; exit 1; }
SMD=models/ModelicaByExample/Components/Rotational/Examples/SMD.mo
(cd "$D/a" && "$MO2C" --emit-c "$ROOT/$SMD" -o SMD.c) || fail "emit from elsewhere"
cp -r models "$D/b/lib"
(cd "$D/b" && "$MO2C" --emit-c lib/ModelicaByExample/Components/Rotational/Examples/SMD.mo -o SMD.c) || fail "emit from a copy"
cmp -s "$D/a/SMD.c" "$D/b/SMD.c" || fail "the C differs by where the library lies: $(diff "$D/a/SMD.c" "$D/b/SMD.c" | head -5)"
! grep -n "models/\|$ROOT/models\|lib/Modelica" "$D/a/SMD.c" | grep -v "^[0-9]*: \*   " | grep -q . ||
    fail "paths outside the library tree: $(grep -n "models/\|lib/Modelica" "$D/a/SMD.c" | grep -v '^[0-9]*: \*   ' | head -3)"
grep -q '^ \* from ModelicaByExample/Components/Rotational/Examples/SMD.mo$' "$D/a/SMD.c" || fail "header source"
grep -q '"ModelicaByExample/Components/Rotational/Components/Inertia.mo:13: inertia2.J' "$D/a/SMD.c" || fail "where strings"
grep -qF '/* ModelicaByExample/Components/Rotational/Examples/SMD.mo:13:23: start of inertia2.flange_a.phi */' "$D/a/SMD.c" ||
    fail "the start value's comment: $(grep -n 'start of inertia2.flange_a.phi' "$D/a/SMD.c")"
grep -qF '/* ModelicaByExample/Components/Rotational/Examples/SMD.mo:13:23: inertia2.flange_a.phi = 1 */' "$D/a/SMD.c" ||
    fail "the initial equation's comment"
# the compile line in the header, run as it stands
line=$(sed -n '/^ \* Compile (as mo2c does):$/{n;s/^ \*   //p;}' "$D/a/SMD.c")
[ -n "$line" ] || fail "no compile line: $(sed -n 1,12p "$D/a/SMD.c")"
grep -q -- "-o ./SMD -x c SMD.c" <<<"$line" || fail "compile line: $line"
(cd "$D/a" && sh -c "$line") || fail "the compile line fails: $line"
(cd "$D/a" && ./SMD -stopTime=0.1 | grep -q "finished successfully") || fail "its simulator does not run"
echo ok
