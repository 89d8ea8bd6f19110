#!/usr/bin/env bash
# fuzz/run.sh SECONDS - make fuzz: build the libFuzzer targets (make FUZZ=1 fuzz-build: clang, libFuzzer,
# AddressSanitizer, UndefinedBehaviorSanitizer, the checker passes) and run each for SECONDS, one after
# the other and niced, each from its corpus in build-fuzz/corpus/ (kept between runs) and seeds made from
# tests/: every .mo file of tests/ for the compiler's targets (with its "// MODEL:" line moved first),
# and flags and override files like those of tests/sim/rt_*.sh for the simulator's. Prints per target
# the executions, coverage and corpus size; a crash, leak or timeout leaves its input in
# build-fuzz/crashes/ (fuzz/README.md: turn it into a regression test). Exit status 1 when one did.
# What the targets need (clang, libFuzzer, binutils) tools/install-deps.sh fuzz installs when missing.
set -u
cd "$(dirname "$0")/.."
secs=${1:-60}
B=build-fuzz

# clang with libFuzzer and the sanitizers, ld and objcopy: installed when missing
bash tools/install-deps.sh fuzz ||
    { echo "make fuzz needs clang with libFuzzer and the sanitizers, and binutils (Debian: apt-get install clang libclang-rt-dev binutils)" >&2; exit 2; }
make -j2 FUZZ=1 fuzz-build >/dev/null || { echo "building the fuzz targets failed (make FUZZ=1 fuzz-build)" >&2; exit 2; }

# seeds
S=$B/seeds
rm -rf "$S"
mkdir -p "$S/mo" "$S/sim" "$B/crashes" "$B/tmp"
while IFS= read -r f; do
    name=$(echo "${f#tests/}" | tr '/' '_')
    model=$(grep -m1 -E '^// MODEL:' "$f")
    { [ -n "$model" ] && echo "$model"; cat "$f"; } > "$S/mo/$name"
done < <(find tests -name '*.mo' -size -64k | sort)
seed() { printf -- "$2" > "$S/sim/$1"; }
seed override '-override=k[2]=3,x=0.5,v=-1'
seed file '-overrideFile=@F\0// start values\nk[1] = 2\n  x = 0.3 \n\nstopTime=1\nv=1e-3\n'
seed filter '-variableFilter=x|v|der\\(.*\\)\n-emit_protected'
seed mat '-outputFormat=mat\n-s=rk45\n-noEventEmit'
seed stiff '-s=bsimp\n-tolerance=1e-8\n-override=numberOfIntervals=20'
seed stats '-lv=LOG_STATS,LOG_EVENTS\n-s=msbdf'
seed types '-override=on=false,mode=1,n=1,count=2'
seed string '-override=label=x'
seed errors '-override=nosuch=1\n-stopTime=0x10\n-s=euler'
seed help '-help'
seed csv '-csvInput=@F\0time,"u"\n0,1\n0.05,2\n0.05,-1\n 0.2 , 3e-1\n'
seed xml '-f=@F\0<?xml version="1.0"?>\n<!-- x -->\n<fmiModelDescription>\n<DefaultExperiment startTime="0" stopTime="0.5" stepSize="0.01" tolerance="1e-6" solver="dassl" outputFormat="mat" variableFilter="x|v"/>\n<ScalarVariable name="k[2]" description="a &amp; b" isValueChangeable="true">\n<Real start="2&#51;"/>\n</ScalarVariable>\n<ScalarVariable name="x" isValueChangeable=\x27true\x27><Real start="0.5"/></ScalarVariable>\n<ScalarVariable name="v" isValueChangeable="false"/>\n</fmiModelDescription>\n'
seed flags '-maxStepSize=0.01\n-initialStepSize\n1e-4\n-cpu\n-steps\n-noRootFinding\n-iim=none\n-lv=LOG_INIT,LOG_NLS,LOG_SOLVER\n-w\n-mat_sync=3'
seed helpflag '-help=override'

status=0
for t in ${FUZZ_ONLY:-parse flat codegen sim}; do   # (FUZZ_ONLY="sim": some of the targets)
    corpus=$B/corpus/$t
    mkdir -p "$corpus"
    if [ $t = sim ]; then seeds=$S/sim; extra=(); else seeds=$S/mo; extra=(-dict=fuzz/modelica.dict -max_len=65536); fi
    log=$B/fuzz_$t.log
    TMPDIR=$PWD/$B/tmp nice -n 10 "$B/fuzz/fuzz_$t" "${extra[@]}" -max_total_time="$secs" -timeout=60 \
        -rss_limit_mb=4096 -close_fd_mask=3 -print_final_stats=1 -artifact_prefix="$B/crashes/$t-" \
        "$corpus" "$seeds" > "$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    cov=$(grep -E '^#[0-9]+' "$log" | tail -1 | sed -n 's/.* cov: \([0-9]*\).* corp: \([0-9]*\).*/cov \1, corpus \2/p')
    if [ $rc = 0 ]; then
        echo "fuzz_$t: ${runs:-?} inputs in $secs s, $cov, no crash"
    else
        status=1
        echo "fuzz_$t: FAILED after ${runs:-?} inputs ($cov): $(grep -m1 -E 'ERROR|SUMMARY|Test unit written' "$log")"
        grep -E 'Test unit written|SUMMARY' "$log" | sed 's/^/    /'
    fi
done
exit $status
