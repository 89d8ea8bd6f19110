#!/usr/bin/env bash
# Emitted-C safety of functions: tests/sim/gen/FunctionSafety.mo, whose function, variables, descriptions
# and assert messages hold %n and %s, comment delimiters, quotes, backslashes, "??/" and a newline, gives C
# that compiles with -Wall -Wextra -Wpedantic -Werror, with no line that the model's text could begin, and
# a simulator that prints both messages as they were written: the warning at t = 0.5 (the run goes on),
# then the failure at t = 0.75 (exit 1). A message never becomes a printf format.
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/function_safety
rm -rf "$D"; mkdir -p "$D"
model=tests/sim/gen/FunctionSafety.mo
"$MO2C" "$model" --emit-c -o "$D/FS.c" || exit 1
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Werror -O2 -Iruntime -c -o "$D/FS.o" "$D/FS.c" || exit 1
if grep -n '^[[:space:]]*#' "$D/FS.c" | grep -v -E '^[0-9]+:#(include (<(math|stdlib|string)\.h>|"mo2c_rt\.h")|define MO2C_MAX_WHILE .*)$'; then
    echo "unexpected preprocessor line in the generated C"; exit 1
fi
grep -q '??' "$D/FS.c" && { echo "a trigraph-like ?? in the generated C"; exit 1; }
"$MO2C" "$model" -o "$D/FS" || exit 1
log=$(cd "$D" && ./FS -stopTime=1 -r=res.csv 2>&1); rc=$?
warn=$(printf '%s\n%s' "warning: at time 0.5: assertion failed in function FunctionSafety.'f%n*/\"??/\\\\': warn %s%s%n */ \" \\ ??/ end" \
       "line2 default %n */ \" \\ ??/")
fail="error: at time 0.75: assertion failed in function FunctionSafety.'f%n*/\"??/\\\\': fail %s%s%n */ \" \\ ??/: 0.75 default %n */ \" \\ ??/"
status=0
[ $rc -eq 1 ] || { echo "exit $rc, expected 1"; status=1; }
grep -qxF -- "$fail" <<<"$log" || { echo "missing: $fail"; status=1; }
[[ "$log" == *"$warn"* ]] || { echo "missing: $warn"; status=1; }
[ $status = 0 ] || echo "output was:"$'\n'"$log"
exit $status
