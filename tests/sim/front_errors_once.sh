#!/usr/bin/env bash
# User errors found by the front end are reported once, also when the whole compiler runs (they used to be
# found in code generation, once per place the expression is printed): for each case, a full compilation
# prints exactly one "error:" line, exits 1 and writes no simulator.
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/front_errors_once; rm -rf "$D"; mkdir -p "$D"
status=0
for f in tests/errors/event_edge_not_variable.mo tests/errors/event_pre_not_variable.mo \
         tests/errors/event_change_not_variable.mo tests/errors/event_sample_interval.mo \
         tests/errors/event_sample_start.mo tests/errors/builtin_arity.mo tests/errors/builtin_arity_function.mo \
         tests/errors/delay_max_param.mo tests/errors/binding_boolean_into_real.mo; do
    err=$("$MO2C" "$f" -o "$D/sim" 2>&1 >/dev/null); rc=$?
    n=$(grep -c "error:" <<<"$err")
    if [ $rc != 1 ] || [ "$n" != 1 ] || [ -e "$D/sim" ]; then
        echo "FAIL $f: exit $rc, $n error lines:"; echo "$err"; status=1
    fi
done
exit $status
