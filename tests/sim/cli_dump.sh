#!/usr/bin/env bash
# --dump=WHAT: an unknown value is refused while the options are read (message on stderr, exit 1,
# nothing on stdout, no analysis: even a file that does not exist is not opened); the known values work.
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
mkdir -p "$OUT"
status=0
fail() { echo "FAIL: $*"; status=1; }
SMD=models/ModelicaByExample/Components/Rotational/Examples/SMD.mo
out=$("$MO2C" --dump=bogus "$SMD" 2>"$OUT/cli_dump_err"); rc=$?
err=$(cat "$OUT/cli_dump_err"); rm -f "$OUT/cli_dump_err"
[ $rc = 1 ] || fail "--dump=bogus: exit status $rc, expected 1"
[ -z "$out" ] || fail "--dump=bogus wrote to stdout: $out"
[ "$err" = "mo2c: error: unknown --dump value 'bogus' (dae, match, blt)" ] || fail "--dump=bogus: stderr was: $err"
err=$("$MO2C" --dump= /nonexistent/file.mo 2>&1 >/dev/null); rc=$?
[ $rc = 1 ] && [ "$err" = "mo2c: error: unknown --dump value '' (dae, match, blt)" ] \
    || fail "--dump= on a missing file: exit $rc, stderr: $err"
for w in dae match blt; do
    out=$("$MO2C" --dump=$w "$SMD" 2>&1) || fail "--dump=$w failed: $out"
    [ -n "$out" ] || fail "--dump=$w printed nothing"
    grep -q "unknown" <<<"$out" && fail "--dump=$w: $out"
done
exit $status
