#!/usr/bin/env bash
# Compare a run's failures with the list of known ones: every case must pass unless the list names it,
# and a listed case that passes now must leave the list (so that the list, which the README points to,
# stays true).   tests/library/expect.sh RESULTS.tsv EXPECTED.tsv NAME_COLUMN OK_WORD FILTER_COLUMN FILTER [sampled]
# RESULTS: tab-separated lines; a line counts when column FILTER_COLUMN equals FILTER (FILTER_COLUMN 0:
# every line); it passes when column 1 or 2 equals OK_WORD. EXPECTED: lines "name<TAB>reason" (# comments);
# a reason beginning with "either: " lets the case pass or fail (a simulation whose time is close to the
# timeout on a loaded machine), so that neither a REGRESSION nor a NOW PASSES comes of the load. Under
# MO2C_SANITIZED every listed case may pass or fail (the walk only compiles). "sampled": the walk ran the
# sample of tests/library/sample.sh (all cases but in the sanitized run), and a listed case outside it
# is not looked for.
set -u
res=$1; exp=$2; col=$3; okw=$4; fcol=$5; fval=$6; sampled=${7:-}
status=0
declare -A listed either
while IFS=$'\t' read -r name reason; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    listed[$name]=1
    [[ "$reason" == "either: "* ]] && either[$name]=1
    # a walk of the sanitized compiler only compiles (MO2C_SANITIZED, tests/library/msl_examples.sh):
    # an example listed for its simulation compiles, one listed for its compilation does not
    [ -n "${MO2C_SANITIZED:-}" ] && either[$name]=1
done < "$exp"
npass=0; nfail=0
declare -A seen
while IFS= read -r line; do
    IFS=$'\t' read -r -a f <<<"$line"
    [ "$fcol" = 0 ] || [ "${f[$((fcol-1))]}" = "$fval" ] || continue
    name=${f[$((col-1))]}; seen[$name]=1
    if [ "${f[0]}" = "$okw" ] || [ "${f[1]}" = "$okw" ]; then
        npass=$((npass+1))
        if [ -n "${listed[$name]:-}" ] && [ -z "${either[$name]:-}" ]; then echo "NOW PASSES (take it off $(basename "$exp")): $name"; status=1; fi
    else
        nfail=$((nfail+1))
        if [ -z "${listed[$name]:-}" ]; then echo "REGRESSION: $line"; status=1
        elif [[ "${f[0]}" == *crash* || "${f[1]:-}" == *crash* ]]; then
            # a listed case may fail, never crash: a crash or a sanitizer report (86) is a new bug
            echo "CRASH (listed, but a listed case may only fail with a located error): $line"; status=1
        fi
    fi
done < "$res"
# the listed cases the walk ran: all of them, or those of its sample
declare -A insample
if [ "$sampled" = sampled ]; then
    while IFS= read -r name; do insample[$name]=1
    done < <(printf '%s\n' "${!listed[@]}" | "$(dirname "$0")/sample.sh" filter)
else
    for name in "${!listed[@]}"; do insample[$name]=1; done
fi
for name in "${!listed[@]}"; do
    [ -n "${seen[$name]:-}" ] || [ -z "${insample[$name]:-}" ] || { echo "listed but not run: $name"; status=1; }
done
echo "$npass passed, $nfail failing as listed in $(basename "$exp")"
exit $status
