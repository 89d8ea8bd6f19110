#!/usr/bin/env bash
# Connected parameters (spec 9.3, tests/models/ConnectParams.mo): equal, the simulation runs; made to
# differ by -override, the assert that connect_check.c adds stops the run at time 0 with its message.
source tests/ref/lib.sh
D=$OUT/connect_params
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/ConnectParams.mo -o "$D/cp" || exit 1
simulate "$D" cp || exit 1
out=$(cd "$D" && ./cp -override=l.p.R=2 2>&1); rc=$?
[ $rc -eq 1 ] || { echo "FAIL: exit $rc with differing parameters, expected 1:"; echo "$out"; exit 1; }
grep -qF 'assertion failed: connected parameters s.p.R and l.p.R differ' <<<"$out" ||
    { echo "FAIL: no message of the connected parameters' assert:"; echo "$out"; exit 1; }
