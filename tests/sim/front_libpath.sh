#!/usr/bin/env bash
# Library path: directory libraries found through -L and MODELICAPATH (in that order), single-file
# libraries, lazy loading (an unused broken file is never parsed), a file inside a library tree, and the
# errors for missing classes and misnamed files. Fixtures: tests/lib/.
set -u
cd "${ROOT:-.}"
MO2C=${MO2C:-build/mo2c}
L=tests/lib
fail=0
check() { # description, command output, expected substring
    if ! grep -qF -- "$3" <<<"$2"; then echo "FAIL: $1: expected '$3' in:"; echo "$2" | head -20; fail=1; fi
}
unset MODELICAPATH

out=$("$MO2C" --flat $L/use/UseLib.mo 2>&1)
check "no library path" "$out" "$L/use/UseLib.mo:2:3: error: unknown class 'Mylib.Sub.Thing'"

out=$("$MO2C" -L $L/dirlib -L $L/single --flat $L/use/UseLib.mo 2>&1)
check "-L directory library" "$out" "parameter Real t.k = 1 + 1;"
check "-L single-file library" "$out" "y = 7; // $L/single/Single.mo:5:5 (s)"
check "-L equation location" "$out" "der(t.x) = -t.k * t.x; // $L/dirlib/Mylib/Sub/Thing.mo:6:3 (t)"

out=$(MODELICAPATH=$L/single:$L/dirlib "$MO2C" --flat $L/use/UseLib.mo 2>&1)
check "MODELICAPATH" "$out" "parameter Real t.k = 1 + 1;"

out=$(MODELICAPATH=$L/dirlib:$L/single "$MO2C" -L $L/dirlib2 --flat $L/use/UseLib.mo 2>&1)
check "-L before MODELICAPATH" "$out" "parameter Real t.k = 2 + 1;"

out=$(MODELICAPATH=$L/dirlib2:$L/dirlib:$L/single "$MO2C" --flat $L/use/UseLib.mo 2>&1)
check "MODELICAPATH order" "$out" "parameter Real t.k = 2 + 1;"

out=$("$MO2C" -L $L/dirlib --flat $L/use/UseMissing.mo 2>&1)
check "missing class in a directory package" "$out" "$L/use/UseMissing.mo:2:13: error: 'Nope' is not declared in 'Mylib.Sub'"

out=$("$MO2C" -L $L/dirlib --flat $L/use/UseWrong.mo 2>&1)
check "misnamed library file" "$out" "error: file '$L/dirlib/Mylib/Wrong.mo' should define class 'Wrong'"

out=$("$MO2C" -L $L/dirlib --flat $L/use/UseBroken.mo 2>&1); rc=$?
[ $rc = 1 ] || { echo "FAIL: broken file used: exit $rc"; fail=1; }
check "broken library file is parsed when used" "$out" "$L/dirlib/Mylib/Broken.mo:3:9: error: syntax error, expecting ';'"

# a file inside a library tree brings its enclosing packages (no -L needed)
out=$("$MO2C" --flat $L/dirlib/Mylib/Sub/Thing.mo 2>&1)
check "file inside a library tree" "$out" "class Mylib.Sub.Thing"
check "enclosing package constant" "$out" "parameter Real k = 1 + 1;"
out=$(cd $L/dirlib/Mylib/Sub && "$MO2C" --flat Thing.mo 2>&1)
check "file inside a library tree, from its directory" "$out" "der(x) = -k * x; // Thing.mo:6:3"
out=$("$MO2C" --flat $L/dirlib/Mylib/Sub/Thing.mo Mylib.Sub.Thing 2>&1)
check "file inside a library tree, model named" "$out" "class Mylib.Sub.Thing"

# the bundled library: found beside the executable without any path
out=$("$MO2C" --flat tests/errors/final_attribute.mo 2>&1)
check "bundled library" "$out" "cannot modify final element 'unit'"
exit $fail
