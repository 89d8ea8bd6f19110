#!/usr/bin/env bash
# scalable.sh [N...] - the ScalableTestSuite-style families of bench/gen_scalable.sh (CascadedFirstOrder,
# HarmonicOscillator, a heat-conduction rod, a DC distribution network), each in its array form and its
# component-by-component form, built end to end and simulated over the family's experiment through
# bench/chain_e2e.sh (which prints each stage of mo2c, the C compiler and the run; see there). Default N:
# 1000 10000 100000 (the network's N is its primary line's length: N^2 loads, so its N are the square
# roots, 32 100 316). A larger N is built end to end only when the previous one's whole build (mo2c and
# the C compiler, CPU time) times 10 stays under LIMIT seconds (default 60): the build of a size is
# expected to take about ten times the previous one's; otherwise mo2c alone writes the C file (--stats
# --emit-c: each stage, the C file's size) and the C compiler and the run are left out. A size is
# simulated only when the previous size's run (CPU time) scaled by (N / previous N)^1.5 stays under
# RUN_LIMIT seconds (default 60): the cascade's run grows that fast (its steps grow as sqrt(N): the
# front that travels down the cascade sharpens, README), the others' linearly; otherwise the row says
# "skipped" with the predicted time.
# At the end a table, one row per build: mo2c's CPU time and peak memory, the C file's size, the C
# compiler's CPU time, the build's wall time, the run's CPU time and steps.
# Environment: LIMIT, RUN_LIMIT, FAMILIES (default "cascaded oscillator heat network"), FORMS (default "array comp"),
# and those of chain_e2e.sh (BUILD, BUILD_TIMEOUT). Asserts nothing about time.
set -u
cd "$(dirname "$0")/.."
NS=${*:-1000 10000 100000}
LIMIT=${LIMIT:-60}
RUN_LIMIT=${RUN_LIMIT:-60}
BUILD=${BUILD:-$PWD/build}
MO2C=${MO2C:-$BUILD/mo2c}
B=$BUILD/bench
mkdir -p "$B"
FAMILIES=${FAMILIES:-cascaded oscillator heat network}
FORMS=${FORMS:-array comp}
rows=""
for fam in $FAMILIES; do
    # the family's experiment and an integrator fit for it: the cascade's and the rod's fastest modes
    # grow with N (stiff), the oscillator's do not, the network has no state
    case $fam in
        cascaded) stop=2; solver=cvode ;;
        oscillator) stop=10; solver=cvode ;;
        heat) stop=100; solver=cvode ;;
        network) stop=1; solver= ;;
    esac
    for form in $FORMS; do
        last=0; last_run=""; last_size=""
        for n in $NS; do
            size=$n
            [ "$fam" = network ] && size=$(awk -v n="$n" 'BEGIN { printf "%d", sqrt(n) + 0.5 }')
            if awk -v w="$last" -v l="$LIMIT" 'BEGIN { exit !(10 * w > l) }'; then
                # the whole build would take too long: mo2c alone (--emit-c), no C compiler, no run
                f=$B/${fam}_${form}_$size.mo
                bash bench/gen_scalable.sh "$fam" "$form" "$size" "$f"
                out=$(timeout "${BUILD_TIMEOUT:-1200}" "$MO2C" --stats --emit-c "$f" -o "$f.c" 2>&1 >/dev/null)
                csize=$(stat -c %s "$f.c" 2>/dev/null || echo 0)
                rm -f "$f.c"
                echo "== $fam/$form N = $size: mo2c only (the previous whole build took $last s of CPU)"
                echo "$out" | sed 's/^mo2c: stats: /    /'
                row=$(awk -v id="$fam|$form|$size" -v c="$csize" '
                    /^mo2c: stats: / { cpu += $9; if ($12 + 0 > peak) peak = $12 + 0 }
                    END { printf "%s|%.3f|%.0f|%.1f MB|-|-|-|-\n", id, cpu, peak, c / 1e6 }' <<<"$out")
                rows+="$row"$'\n'
                continue
            fi
            run=1; predicted=""
            if [ -n "$last_run" ]; then   # the previous run's CPU time scaled by (N / previous N)^1.5
                predicted=$(awk -v r="$last_run" -v n="$size" -v m="$last_size" 'BEGIN { printf "%.0f", r * (n / m) ^ 1.5 }')
                awk -v p="$predicted" -v l="$RUN_LIMIT" 'BEGIN { exit !(p > l) }' && run=0
            fi
            out=$(RUN=$run STOP=$stop SOLVER=$solver GEN=$fam/$form bash bench/chain_e2e.sh "$size")
            echo "== $fam/$form"; echo "$out"
            [ $run = 0 ] && echo "    (run skipped: about $predicted s of CPU predicted, over RUN_LIMIT = $RUN_LIMIT)"
            row=$(awk -v id="$fam|$form|$size" '
                /^== N = / { split($0, a, "generated C "); cmb = a[2] }
                /^    mo2c / { mcpu = $3; mwall = $2 }
                /^    cc / { ccw = $2; ccc = $3 }
                /^    [a-z-]+ +[0-9.]+ +[0-9.]+/ { if ($NF + 0 > peak) peak = $NF + 0 }
                /^    simulator:/ { if (match($0, /[0-9.]+ s cpu/)) rc = substr($0, RSTART, RLENGTH - 6)
                                    if (match($0, /, [0-9]+ steps/)) st = substr($0, RSTART + 2, RLENGTH - 8) }
                /simulator FAILED/ { rc = "failed" }
                /simulator: not run/ { rc = "skipped" }
                END { printf "%s|%s|%.0f|%s|%s|%.1f|%s|%s\n", id, mcpu, peak, cmb, ccc == "" ? "-" : ccc,
                             mwall + ccw, rc == "" ? "-" : rc, st == "" ? "-" : st }' <<<"$out")
            rows+="$row"$'\n'
            last=$(awk -F'|' '{ printf "%.1f", $4 + $7 }' <<<"$row")   # the build's CPU time: the load does not decide
            last_run=$(awk -F'|' '$9 + 0 > 0 { printf "%s", $9 }' <<<"$row"); last_size=$size
            [ $run = 0 ] && last_run=$predicted   # (so that larger sizes are skipped too)
        done
    done
done
echo
echo "family|form|N|mo2c cpu s|mo2c peak MB|C size|cc cpu s|build wall s|run cpu s|steps"
printf "%s" "$rows"
