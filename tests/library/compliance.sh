#!/usr/bin/env bash
# The Modelica Association's compliance suite (../shared/compliance): every case that carries
# __ModelicaAssociation(TestCase(shouldPass = ...)) is compiled with mo2c and, when it compiles, simulated.
# A should-pass case passes when it compiles and its simulation ends successfully (its asserts hold);
# a should-fail case passes when mo2c or the simulator rejects it (exit status 1, never a crash).
#   tests/library/compliance.sh [OUTFILE]   one line a case: shouldPass, result, model, first error
# Needs MO2C (the compiler) and COMPLIANCE (the suite's root, holding ModelicaCompliance/).
# Under MO2C_SANITIZED (tests/run.sh, make test DEBUG=1) each case is only compiled to C: "ok" = compiled,
# and only a sample of the cases is walked (tests/library/sample.sh; OUTFILE.all gets the number of files
# that may hold a case, when OUTFILE is a file).
set -u
: "${MO2C:?}" "${COMPLIANCE:?}"
out=${1:-/dev/stdout}
one() {
    f=$1
    sp=$(grep -o 'shouldPass *= *\(true\|false\)' "$f" | head -1 | sed 's/.*= *//')
    [ -n "$sp" ] || return 0
    rel=${f#"$COMPLIANCE"/}; name=${rel%.mo}; name=${name//\//.}
    # a file whose class is a package holds the case as a class inside it: the last class declared
    # before the TestCase annotation (QuotedIdentifiers.'\"\'...', OperatorFunctionLookupViaComp)
    model=()
    if grep -qE '^(encapsulated |partial )?package ' "$f"; then
        inner=$(awk '/shouldPass/ { print last; exit } match($0, /^ *(encapsulated +|partial +)*(model|block|class) +[^ ]+/) { n = split(substr($0, RSTART, RLENGTH), w, / +/); last = w[n] }' "$f")
        [ -n "$inner" ] && model=("$name.$inner")
    fi
    d=$(mktemp -d "${TMPDIR:-/tmp}/mo2c-comp.XXXXXX")
    if [ -n "${MO2C_SANITIZED:-}" ]; then  # the sanitized compiler (tests/run.sh): compiled to C only
        err=$(cd "$d" && timeout 60 "$MO2C" -L "$COMPLIANCE" "$f" "${model[@]}" --emit-c -o "$d/sim.c" 2>&1); rc=$?
    else
        err=$(cd "$d" && timeout 60 "$MO2C" -L "$COMPLIANCE" "$f" "${model[@]}" -o "$d/sim" 2>&1); rc=$?
    fi
    if [ $rc -eq 0 ] && [ -n "${MO2C_SANITIZED:-}" ]; then r=ok
    elif [ $rc -eq 0 ]; then
        err=$(cd "$d" && timeout 60 ./sim 2>&1); rc=$?
        if [ $rc -eq 0 ]; then r=ok; elif [ $rc -eq 1 ]; then r=runfail; else r="runcrash($rc)"; fi
    elif [ $rc -eq 1 ]; then r=compfail
    else r="compcrash($rc)"
    fi
    rm -rf "$d"
    reason=$(grep -m1 -E 'error|warning' <<<"$err" | sed -E 's/^[^ ]*:[0-9]+:[0-9]+: //' | tr '\t' ' ')
    [ -n "$reason" ] || reason=$(grep -m1 . <<<"$err" | tr '\t' ' ')
    [ "$r" = ok ] && reason=""
    printf '%s\t%s\t%s\t%s\n' "$sp" "$r" "$name" "$reason"
}
export -f one
export MO2C COMPLIANCE
count=""; [ "$out" = /dev/stdout ] || count=$out.all
grep -rl 'shouldPass' --include='*.mo' "$COMPLIANCE/ModelicaCompliance" | sort |
    "$(dirname "$0")/sample.sh" filter --strip "$COMPLIANCE" "$count" | xargs -P "$(nproc)" -I{} bash -c 'one "$1"' _ {} | sort -t$'\t' -k3 > "$out"
