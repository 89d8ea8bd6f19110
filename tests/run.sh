#!/usr/bin/env bash
# The one test runner: every case prints one line (PASS/FAIL name), and the run ends with
# "N passed, N failed". Cases, by directory (each file carries its own expectation):
#   tests/unit/test_*.c     C unit tests linked with the compiler's objects and the runtime; exit 0 = pass
#   tests/parse/ok/*.mo     must parse (mo2c --parse)
#   tests/parse/bad/*.mo    } must fail with exit 1, and every "// ERROR: <text>" line of the file must
#   tests/errors/*.mo       } appear in stderr ("%f" stands for the file's path). "// ARGS: ..." gives the
#                             mo2c arguments (default: --flat %f); "// MODEL: name" adds a model name.
#   tests/flat/*.mo         mo2c --flat output must equal the .flat file beside it ("// MODEL:" and
#                             "// ARGS:" as above)
#   tests/sim/*.sh          shell scripts, run from the repo root with MO2C, BUILD and SHARED (../shared
#                           beside the project, when it is there) set; exit 0 = pass, 77 = skipped
# Usage: tests/run.sh [PATTERN]   (only cases whose path contains PATTERN)
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${BUILD:-$ROOT/build}
MO2C=$BUILD/mo2c
# each run has its own scratch directory, so that runs side by side do not clobber each other's files
OUT=$ROOT/tests/out/run-$$
rm -rf "$OUT"; mkdir -p "$OUT"
# the Modelica Standard Library, MAP-LIB references and the compliance suite, when they are beside us
SHARED=${SHARED:-$(cd "$ROOT/.." && pwd)/shared}
[ -d "$SHARED" ] || SHARED=""
export MO2C BUILD ROOT OUT SHARED
filter=${1:-}
# how many scripted tests run side by side (below)
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 1)}
[[ "$JOBS" =~ ^[1-9][0-9]*$ ]] || { rm -rf "$OUT"; echo "tests/run.sh: JOBS must be a positive number, not '$JOBS'" >&2; exit 2; }
passed=0; failed=0; skipped=0; failures=()

record() { # name status [detail]; status 77 = skipped (a case whose inputs are absent, e.g. ../shared)
    if [ "$2" = 0 ]; then passed=$((passed+1)); echo "PASS $1"
    elif [ "$2" = 77 ]; then skipped=$((skipped+1)); echo "SKIP $1: $(tail -1 <<<"${3:-}")"
    else failed=$((failed+1)); failures+=("$1"); echo "FAIL $1"; [ -n "${3:-}" ] && echo "$3" | sed 's/^/    /' | head -40; fi
}
want() { [ -z "$filter" ] || [[ "$1" == *"$filter"* ]]; }
header() { grep -E "^// $2:" "$1" | sed -E "s|^// $2: ?||"; }

# --- unit tests ---
CFLAGS_T="-std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g $(for d in compiler compiler/*/; do printf -- '-I%s ' "${d%/}"; done)-I$BUILD -Iruntime -Wall -Wextra"
OBJS=$(find "$BUILD/obj" -name '*.o' ! -name main.o | sort)
# a DEBUG=1 build's objects carry the sanitizers: link the unit tests with them too
SANITIZE=$(cat "$BUILD/sanitize.flags" 2>/dev/null)
# ... and under them every sanitizer report ends the process with status 86, which no test takes for an
# expected failure (exit 1): UBSan's reports would otherwise be printed and the run go on. The library
# walks then check the compiler only (MO2C_SANITIZED: tests/library/msl_examples.sh): their C
# compilations and simulations are the plain run's, and they made most of the sanitized run's time.
if [ -n "${SANITIZE// /}" ]; then
    export MO2C_SANITIZED=1
    export ASAN_OPTIONS="exitcode=86${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
    export UBSAN_OPTIONS="halt_on_error=1:exitcode=86:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
fi
for t in tests/unit/test_*.c; do
    [ -e "$t" ] || continue; want "$t" || continue
    exe=$OUT/$(basename "$t" .c)
    if ! log=$(cc $CFLAGS_T $SANITIZE -o "$exe" "$t" $OBJS "$BUILD/libmo2crt.a" -lgsl -lgslcblas -lm 2>&1); then
        record "$t" 1 "$log"; continue; fi
    log=$(cd tests/unit && timeout 300 "$exe" 2>&1); record "$t" $? "$log"
done

# --- parser: must parse ---
for f in tests/parse/ok/*.mo; do
    [ -e "$f" ] || continue; want "$f" || continue
    log=$(timeout 20 "$MO2C" --parse "$f" 2>&1); record "$f" $? "$log"
done

# --- expected errors ---
for f in tests/parse/bad/*.mo tests/errors/*.mo; do
    [ -e "$f" ] || continue; want "$f" || continue
    args=$(header "$f" ARGS); [ -n "$args" ] || args="--flat %f"
    model=$(header "$f" MODEL)
    args=${args//%f/$f}
    # shellcheck disable=SC2086
    err=$(cd "$ROOT" && timeout 20 "$MO2C" $args $model 2>&1 >/dev/null); rc=$?
    status=0; detail=""
    if [ $rc -ne 1 ]; then status=1; detail="exit status $rc, expected 1"$'\n'"$err"; fi
    while IFS= read -r line; do
        [ -n "$line" ] || continue
        line=${line//%f/$f}
        if ! grep -qF -- "$line" <<<"$err"; then status=1; detail+="missing: $line"$'\n'; fi
    done < <(header "$f" ERROR)
    [ $status = 0 ] || detail+="stderr was:"$'\n'"$err"
    record "$f" $status "$detail"
done

# --- flat golden files ---
for f in tests/flat/*.mo; do
    [ -e "$f" ] || continue; want "$f" || continue
    exp=${f%.mo}.flat
    args=$(header "$f" ARGS); [ -n "$args" ] || args="--flat %f"
    args=${args//%f/$f}
    model=$(header "$f" MODEL)
    # shellcheck disable=SC2086
    got=$(timeout 20 "$MO2C" $args $model 2>&1); rc=$?
    if [ $rc -ne 0 ]; then record "$f" 1 "exit $rc: $got"; continue; fi
    if [ ! -f "$exp" ]; then record "$f" 1 "missing $exp"; continue; fi
    d=$(diff <(echo "$got") "$exp"); record "$f" $? "$d"
done

# --- scripted tests (simulation, CLI, regression) ---
# They take most of the run's time, so JOBS of them (default: one per core) run side by side, each with
# its own scratch directory as OUT so that no two write the same file; results are reported in file
# order as soon as every script before them has ended.
scripts=()
for t in tests/sim/*.sh; do
    [ -e "$t" ] || continue; want "$t" || continue; scripts+=("$t")
done
report_done() { # record, in order, the scripts that have ended since the last call
    while [ "$next" -lt "${#scripts[@]}" ] && [ -e "$OUT/sim/$next.rc" ]; do
        record "${scripts[$next]}" "$(cat "$OUT/sim/$next.rc")" "$(cat "$OUT/sim/$next.log")"
        next=$((next+1))
    done
}
mkdir -p "$OUT/sim"; next=0
for i in "${!scripts[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; report_done; done
    mkdir -p "$OUT/sim/$i"
    ( export OUT=$OUT/sim/$i
      t0=$SECONDS
      timeout 1200 bash "${scripts[$i]}" >"$OUT.log" 2>&1; rc=$?
      # wall and CPU seconds (the subshell's children: the script and all it ran)
      times >"$OUT.times"   # (not in a $(...): a subshell's times are its own)
      cpu=$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.1f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$OUT.times")
      echo "$cpu $((SECONDS-t0)) ${scripts[$i]}" >"$OUT.time"
      [ $rc = 124 ] && echo "(the script was stopped after its 1200 s limit)" >>"$OUT.log"
      echo $rc >"$OUT.rc.tmp"; mv "$OUT.rc.tmp" "$OUT.rc" ) &
done
wait; report_done
# the scripts that cost most (CI's time is kept well under 15 minutes)
if [ "${#scripts[@]}" -gt 1 ]; then
    echo; echo "the scripts that took most CPU time (CPU and wall seconds; the wall's under this run's load):"
    cat "$OUT"/sim/*.time 2>/dev/null | sort -rn | head -12 | sed 's/^/    /'
    awk '{ c += $1 } END { printf "    all scripts: %.0f s of CPU\n", c }' "$OUT"/sim/*.time 2>/dev/null
fi

echo
if [ $failed -gt 0 ]; then printf 'failed: %s\n' "${failures[@]}"; fi
echo "$passed passed, $failed failed, $skipped skipped"
[ $failed -ne 0 ] || rm -rf "$OUT"   # kept for inspection when something failed
[ $failed -eq 0 ]
