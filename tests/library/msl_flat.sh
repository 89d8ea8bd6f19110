#!/usr/bin/env bash
# Every non-partial model and block of the MSL packages named (and everything below them) through
# mo2c --flat: one line a class, "ok" or "fail", the class, the first error.
#   tests/library/msl_flat.sh [--examples|--experiment] OUTFILE [PACKAGE...]   (default: the six packages of list_classes.py)
# --examples: only the examples (those with an experiment annotation inside an Examples package);
# --experiment: every class with an experiment annotation (ModelicaTest's tests are not in Examples packages).
# Needs MO2C and MSL (the library's root, holding Modelica/). Under the sanitized compiler only a sample
# of the classes is walked (tests/library/sample.sh); OUTFILE.all gets the number of classes found.
set -u
: "${MO2C:?}" "${MSL:?}"
examples=""; filter=.
case $1 in
    --examples) examples=--experiment; filter=.Examples.; shift ;;
    --experiment) examples=--experiment; shift ;;
esac
out=$1; shift
one() {
    if err=$(timeout 60 "$MO2C" -L "$MSL" --flat "$MSL/Modelica/package.mo" "$1" 2>&1 >/dev/null); then
        printf 'ok\t%s\t\n' "$1"
    else
        rc=$?
        r=$(grep -m1 'error' <<<"$err" | sed -E 's/^[^ ]*:[0-9]+:[0-9]+: //' | tr '\t' ' ')
        [ -n "$r" ] || r=$(grep -m1 . <<<"$err" | tr '\t' ' ')
        [ $rc -eq 1 ] || r="crash (exit $rc): $r"
        printf 'fail\t%s\t%s\n' "$1" "$r"
    fi
}
export -f one
export MO2C MSL
python3 "$(dirname "$0")/list_classes.py" $examples "$MSL" "$@" | grep -F "$filter" |
    "$(dirname "$0")/sample.sh" filter "$out.all" | xargs -P "$(nproc)" -I{} bash -c 'one "$1"' _ {} |
    sort -t$'\t' -k2 > "$out"
