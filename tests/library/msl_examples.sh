#!/usr/bin/env bash
# The examples of the MSL packages named (the non-partial models and blocks with an experiment
# annotation inside an Examples package; the parts that an Examples package keeps beside them, in
# Utilities packages or OpAmps.OpAmpCircuits, have none): each is compiled with mo2c by its dotted name
# alone, as `mo2c -L MSL Modelica.X.Examples.Y` (no file), and its simulator run with the experiment
# annotation's settings; it passes when the run ends successfully at the experiment's stop time (the
# last row of the result), or at the time where the model called terminate(). No reference: whether the result is right is tests/sim/library_maplib.sh's
# question. One line an example: "ok", "compfail", "runfail", "compcrash(STATUS)" or "runcrash(STATUS)",
# the example, the first error line.
#   tests/library/msl_examples.sh OUTFILE [PACKAGE...]   (default: the six packages of list_classes.py)
# Needs MO2C and MSL (the library's root, holding Modelica/).
# Each compilation and each run is capped at MO2C_WALK_CPU seconds of CPU time (default 30; ulimit -t,
# so that the cap does not depend on the machine's load): a slower one fails with "CPU time limit".
# The slowest example that ends takes about 13 s (ThyristorBehaviourTest, 19 million rkf45 steps; more
# under contention for the cores, hence the margin), one
# that would not end within minutes (CauerLowPassSC) must not hold up the test suite. A wall-time
# backstop of ten times the cap catches a process that waits instead of computing.
# Under the sanitized compiler (MO2C_SANITIZED, set by tests/run.sh for make test DEBUG=1) each example is
# only compiled to C: the walk then checks the compiler for sanitizer reports (status 86: "compcrash"),
# and "ok" means compiled (tests/library/expect.sh lets a listed example pass or fail), and only its
# sample of the examples is walked (tests/library/sample.sh: a third; the plain run walks them all).
# OUTFILE.all gets the number of examples found before sampling.
set -u
: "${MO2C:?}" "${MSL:?}"
out=$1; shift
# capped DIR CMD...: CMD run in DIR under the CPU and wall caps; its output on stdout, its status returned
capped() {
    local dir=$1; shift
    (cd "$dir" && ulimit -S -t "$lim" && ulimit -H -t $((lim + 5)) && exec timeout $((lim * 10)) "$@") 2>&1
}
# why STATUS: the reason for a status that is neither success nor a reported failure (1)
why() {
    case $1 in
        124|152|137) echo "error: CPU time limit of ${lim} s" ;;  # timeout, SIGXCPU, SIGKILL past the hard limit
        *) echo "" ;;
    esac
}
one() {
    d=$(mktemp -d "${TMPDIR:-/tmp}/mo2c-walk.XXXXXX")
    lim=${MO2C_WALK_CPU:-30}
    if [ -n "${MO2C_SANITIZED:-}" ]; then
        # the sanitized compiler (tests/run.sh): its C only, neither compiled nor run; "ok" = compiled
        err=$(capped "$d" "$MO2C" -L "$MSL" "$1" --emit-c -o "$d/sim.c"); rc=$?
    else
        err=$(capped "$d" "$MO2C" -L "$MSL" "$1" -o "$d/sim"); rc=$?
    fi
    if [ $rc -eq 0 ] && [ -n "${MO2C_SANITIZED:-}" ]; then r=ok
    elif [ $rc -eq 0 ]; then
        # only time is written: the run's end is what is checked, and a wide result costs time
        err=$(capped "$d" ./sim -variableFilter=time -r="$d/res.csv"); rc=$?
        if [ $rc -eq 0 ]; then
            stop=$(sed -nE 's/.*<DefaultExperiment .*stopTime="([^"]*)".*/\1/p' "$d/sim_init.xml")
            # a model that calls terminate() (8.3.8) ends there: RobotR3.OneAxis stops its run when the
            # path is done and the swing time over, before the experiment's stop time
            term=$(sed -nE 's/^The simulation was terminated at time ([^:]*):.*/\1/p' <<<"$err")
            [ -z "$term" ] || stop=$term
            last=$(tail -1 "$d/res.csv" | cut -d, -f1)
            if awk -v a="$last" -v b="$stop" 'BEGIN { d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b; exit !(d <= 1e-9 * (1 + m)) }'; then r=ok
            else r=runfail; err="error: the result ends at time $last, not at the stop time $stop"; fi
        elif [ $rc -eq 1 ]; then r=runfail
        elif [ -n "$(why $rc)" ]; then r=runfail; err="$(why $rc) (at time $(tail -1 "$d/res.csv" 2>/dev/null | cut -d, -f1))"
        else r="runcrash($rc)"
        fi
    elif [ $rc -eq 1 ]; then r=compfail
    elif [ -n "$(why $rc)" ]; then r=compfail; err=$(why $rc)
    else r="compcrash($rc)"
    fi
    rm -rf "$d"
    reason=""
    if [ "$r" != ok ]; then
        reason=$(grep -m1 'error' <<<"$err" | sed -E 's/^[^ ]*:[0-9]+:[0-9]+: //' | sed "s|$MSL/||g" | tr '\t' ' ')
        [ -n "$reason" ] || reason=$(grep -m1 . <<<"$err" | tr '\t' ' ')
    fi
    printf '%s\t%s\t%s\n' "$r" "$1" "$reason"
}
export -f one capped why
export MO2C MSL
python3 "$(dirname "$0")/list_classes.py" --experiment "$MSL" "$@" | grep -F '.Examples.' |
    "$(dirname "$0")/sample.sh" filter "$out.all" |
    xargs -P "$(nproc)" -I{} bash -c 'one "$1"' _ {} | sort -t$'\t' -k2 > "$out"
