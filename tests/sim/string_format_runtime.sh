#!/usr/bin/env bash
# String(x, format = f) in a function, f a String input (the MSL's colorMapToSvg: format = ".3g"), checked
# when the call runs as the compiler checks a literal one (tests/models/StringFormatRuntime.mo):
# 1. Valid: the texts printf gives for .3g, 10.2f, -6x, %d, 012.3E (written by hand in its asserts).
# 2. Hostile, under the address and undefined-behaviour sanitizers: mode 0 ("-+ 0#5.2e") runs; "%n",
#    "%s%s%s", a 3-digit width, a 3-digit precision, text after the conversion, '#' with d, and "" each
#    stop the run with the check's message quoting the format, never reaching printf as a format.
# 3. With the MSL beside us: ModelicaTest.Math.TestColorMapToSvg compiles (its run stops in the MSL's
#    own Files.fullPathName, whose realpath() wants the file to exist: not checked here).
source tests/ref/lib.sh
D=$OUT/string_format_runtime
rm -rf "$D"; mkdir -p "$D"
status=0
M=tests/models/StringFormatRuntime.mo
"$MO2C" $M StringFormatRuntime.Valid -o "$D/Valid" || exit 1
simulate "$D" Valid -stopTime=0.1 || status=1
"$MO2C" $M StringFormatRuntime.Hostile --emit-c -o "$D/Hostile.c" || exit 1
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/Hostile.o" "$D/Hostile.c" || status=1
asan_sim "$D" Hostile || exit 1
simulate "$D" Hostile_asan -stopTime=0.1 || status=1
formats=("" "%n" "%s%s%s" "123f" ".123f" "5.2fx" "#d" "")
for mode in 1 2 3 4 5 6 7; do
    log=$(cd "$D" && ./Hostile_asan -override=mode=$mode -stopTime=0.1 2>&1); rc=$?
    want="String(): the format \"${formats[$mode]}\" is not [flags][width][.precision] and a conversion among e, E, f, F, g, G"
    if [ $rc -ne 1 ] || grep -q Sanitizer <<<"$log" || [[ "$log" != *"$want"* ]]; then
        echo "mode $mode: exit $rc, expected 1 and: $want"; echo "$log" | tail -3; status=1
    fi
done
if [ -n "${SHARED:-}" ] && [ -d "$SHARED/msl/4.0.0" ]; then
    "$MO2C" -L "$SHARED/msl/4.0.0" ModelicaTest.Math.TestColorMapToSvg -o "$D/svg" > "$D/svg.log" 2>&1 ||
        { echo "TestColorMapToSvg does not compile"; head -5 "$D/svg.log"; status=1; }
fi
exit $status
