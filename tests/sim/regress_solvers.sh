#!/usr/bin/env bash
# Every SUNDIALS integrator passes the regression suite (tests/regression through mo2c regress --solver)
# inside the tube, as the default integrator does in regress_pass.sh: cvode (BDF), cvode_adams and ida
# (dassl is ida under another name), each with its default linear solver.
set -u
: "${MO2C:=$PWD/build/mo2c}"
status=0
n=$(find tests/regression -name comparisonSignals.txt | wc -l)
for s in cvode cvode_adams ida; do
    out=$("$MO2C" regress tests/regression -L tests/models -j 2 --solver $s); rc=$?
    if [ $rc -ne 0 ] || [ "$(tail -1 <<<"$out")" != "$n passed, 0 failed" ]; then
        echo "FAIL: --solver $s (exit $rc):"; grep -v '^PASS' <<<"$out"; status=1
    else
        echo "ok   --solver $s: $n passed"
    fi
done
# a name the simulators do not know fails every model, with their message
out=$("$MO2C" regress tests/regression/Pendulum -L tests/models -j 1 --solver nosuch); rc=$?
[ $rc -eq 1 ] && grep -q "unknown" <<<"$out" || { echo "FAIL: --solver nosuch (exit $rc): $out"; status=1; }
exit $status
