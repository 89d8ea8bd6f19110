#!/usr/bin/env bash
# Errors are never swallowed: output that cannot be written (/dev/full, a closed stdout) is an error with
# exit status 1 for --flat, --dump, --help, --version and --emit-c; a directory given as the model file
# is "Is a directory"; a SIGTERM while the C compiler runs removes mo2c's temporary C file and executable
# (TMPDIR and the output directory are left empty), stops the C compiler, and ends mo2c with the signal.
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/cli_write_errors; rm -rf "$D"; mkdir -p "$D/tmp" "$D/out"
D=$(cd "$D" && pwd)
status=0
fail() { echo "FAIL: $*"; status=1; }
SMD=models/ModelicaByExample/Components/Rotational/Examples/SMD.mo

# expect_fail WHAT EXPECTED-STDERR COMMAND...
expect_fail() {
    local what=$1 want=$2; shift 2
    err=$("$@" 2>&1 >/dev/null); rc=$?
    [ $rc = 1 ] || fail "$what: exit status $rc, expected 1"
    [ "$err" = "$want" ] || fail "$what: stderr: $err"
}
full="mo2c: error: cannot write the standard output: No space left on device"
expect_fail "--flat > /dev/full" "mo2c: error: cannot write the standard output" sh -c "\"$MO2C\" --flat $SMD > /dev/full"
expect_fail "--dump > /dev/full" "$full" sh -c "\"$MO2C\" --dump=blt $SMD > /dev/full"
expect_fail "--help > /dev/full" "$full" sh -c "\"$MO2C\" --help > /dev/full"
expect_fail "--version >&-" "mo2c: error: cannot write the standard output: Bad file descriptor" sh -c "\"$MO2C\" --version >&-"
expect_fail "--emit-c -o /dev/full" "mo2c: error: cannot write '/dev/full': No space left on device" "$MO2C" --emit-c -o /dev/full $SMD
expect_fail "--flat DIR" "mo2c: error: cannot read '$D/tmp': Is a directory" "$MO2C" --flat "$D/tmp"
expect_fail "--parse DIR" "mo2c: error: cannot read '$D/tmp': Is a directory" "$MO2C" --parse "$D/tmp"
# the same commands to a file succeed
"$MO2C" --flat $SMD > "$D/smd.flat" && [ -s "$D/smd.flat" ] || fail "--flat to a file"

# SIGTERM during the C compile: the C compiler is a script that records its pid and sleeps
cat > "$D/slowcc" <<EOS
#!/bin/sh
echo \$\$ > "$D/cc.pid"
exec sleep 60
EOS
chmod +x "$D/slowcc"
TMPDIR=$D/tmp CC=$D/slowcc "$MO2C" $SMD -o "$D/out/smd" & pid=$!
for _ in $(seq 300); do [ -s "$D/cc.pid" ] && break; sleep 0.1; done
[ -s "$D/cc.pid" ] || fail "the C compiler never started"
[ -n "$(ls "$D/tmp")" ] || fail "no temporary C file while the C compiler runs"
kill -TERM $pid
wait $pid; rc=$?
[ $rc = 143 ] || fail "SIGTERM: exit status $rc, expected 143"
[ -z "$(ls "$D/tmp")" ] || fail "SIGTERM left in TMPDIR: $(ls "$D/tmp")"
[ -z "$(ls "$D/out")" ] || fail "SIGTERM left in the output directory: $(ls "$D/out")"
ccpid=$(cat "$D/cc.pid")
for _ in $(seq 300); do kill -0 "$ccpid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$ccpid" 2>/dev/null; then fail "the C compiler still runs"; kill "$ccpid"; fi
[ $status = 0 ] && echo ok
exit $status
