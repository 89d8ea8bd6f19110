#!/usr/bin/env bash
# The unit check (--units=warn) over every example of the MSL (the non-partial classes inside an
# Examples package, anywhere under Modelica) that mo2c flattens: one line an example, "ok" (no finding)
# or "units" and its first finding, or "crash" and the exit status of a run that neither flattened nor
# stopped with a located error (status 1); the examples mo2c does not flatten yet are left out.
#   tests/library/msl_units.sh OUTFILE
# Needs MO2C and MSL (the library's root, holding Modelica/). Under the sanitized compiler only a sample
# of the examples is walked (tests/library/sample.sh); OUTFILE.all gets the number of examples found.
set -u
: "${MO2C:?}" "${MSL:?}"
out=$1
one() {
    if err=$(timeout 60 "$MO2C" -L "$MSL" --flat --units=warn "$MSL/Modelica/package.mo" "$1" 2>&1 >/dev/null); then
        w=$(grep -m1 'warning: .*\[--units\]' <<<"$err" | sed -E "s|^$MSL/||" | tr '\t' ' ')
        if [ -n "$w" ]; then printf 'units\t%s\t%s\n' "$1" "$w"; else printf 'ok\t%s\t\n' "$1"; fi
    else
        # exit 1 is a located error (an example not flattened yet); anything else, a crash, a sanitizer
        # report (86) or a timeout, is a bug the walk must not leave out silently
        rc=$?
        [ "$rc" = 1 ] || printf 'crash\t%s\texit status %s\n' "$1" "$rc"
    fi
}
export -f one
export MO2C MSL
python3 "$(dirname "$0")/list_classes.py" "$MSL" Modelica | grep -F '.Examples.' |
    "$(dirname "$0")/sample.sh" filter "$out.all" | xargs -P "$(nproc)" -I{} bash -c 'one "$1"' _ {} | sort -t$'\t' -k2 > "$out"
