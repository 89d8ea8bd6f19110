#!/usr/bin/env bash
# package.order: read when a directory package is loaded (the order of its classes is kept); an entry
# naming neither a class of package.mo nor a file or directory beside it is reported as a warning with
# its place in package.order, and the library still loads. The bundled library's package.order files
# are all valid (no warning when simulating from it). Fixture: tests/lib/orderlib.
set -u
L=tests/lib/orderlib
out=$("$MO2C" -L $L --flat tests/lib/use/UseOlib.mo 2>&1); rc=$?
[ $rc -eq 0 ] || { echo "FAIL: exit $rc"; echo "$out" | head; exit 1; }
want="$L/Olib/package.order:2:3: warning: package.order names 'Missing', but package 'Olib' has no class 'Missing' and there is no file Missing.mo or Missing/package.mo beside it"
grep -qF "$want" <<<"$out" || { echo "FAIL: missing: $want"; echo "$out" | head; exit 1; }
[ "$(grep -c 'warning:' <<<"$out")" -eq 1 ] || { echo "FAIL: expected exactly one warning"; echo "$out" | head; exit 1; }
grep -q "der(b.v) = -9.81;" <<<"$out" || { echo "FAIL: Olib.Ball not flattened"; echo "$out"; exit 1; }
out=$("$MO2C" --flat models/Modelica/Mechanics/Rotational/Examples/SMD.mo 2>&1 >/dev/null)
[ -z "$out" ] || { echo "FAIL: bundled library: unexpected diagnostics:"; echo "$out" | head; exit 1; }
echo "ok"
