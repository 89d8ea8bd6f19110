#!/usr/bin/env bash
# mo2c MODEL without a file: the model is found through -L and MODELICAPATH (as OpenModelica's
# loadModel does), for the simulator, --flat and --emit-c; a library installed with its version in the
# directory name ("Vlib 1.10.1") is found, the newest version first; the errors for a missing library,
# a missing class and a name that is no class.
set -u
cd "${ROOT:-.}"
MO2C=${MO2C:-build/mo2c}
OUT=${OUT:-tests/out}
L=$PWD/tests/lib
D=$OUT/cli_model_name; rm -rf "$D"; mkdir -p "$D"
fail=0
check() { # description, output, expected substring
    if ! grep -qF -- "$3" <<<"$2"; then echo "FAIL: $1: expected '$3' in:"; echo "$2" | head -20; fail=1; fi
}
unset MODELICAPATH

out=$("$MO2C" -L "$L/dirlib" --flat Mylib.Sub.Thing 2>&1)
check "--flat by name (-L)" "$out" "parameter Real k = 1 + 1;"
out=$(MODELICAPATH="$L/single:$L/dirlib" "$MO2C" --flat Mylib.Sub.Thing 2>&1)
check "--flat by name (MODELICAPATH)" "$out" "parameter Real k = 1 + 1;"
(cd "$D" && "$MO2C" -L "$L/dirlib" Mylib.Sub.Thing) || { echo "FAIL: build by name"; fail=1; }
if [ -x "$D/Thing" ]; then
    out=$(cd "$D" && ./Thing -stopTime=1 2>&1)
    check "simulator built by name" "$out" "The simulation finished successfully."
else
    echo "FAIL: no ./Thing"; fail=1
fi
(cd "$D" && MODELICAPATH="$L/dirlib" "$MO2C" --emit-c Mylib.Sub.Thing) && [ -s "$D/Thing.c" ] \
    || { echo "FAIL: --emit-c by name"; fail=1; }

# a file in the working directory that bears the model's name (the simulator built there just now, or
# one named by the full name) does not make the name a file: only a path or a .mo ending does
cp "$D/Thing" "$D/Mylib.Sub.Thing" 2>/dev/null || printf '\001\002' > "$D/Mylib.Sub.Thing"
out=$(cd "$D" && "$MO2C" -L "$L/dirlib" --flat Mylib.Sub.Thing 2>&1)
check "name beside a file of the full name" "$out" "parameter Real k = 1 + 1;"
out=$(cd "$D" && "$MO2C" -L "$L/dirlib" --flat Thing 2>&1); rc=$?
[ $rc = 1 ] || { echo "FAIL: name beside a file of that name: exit $rc"; fail=1; }
check "name beside a file: not found" "$out" "error: model 'Thing' not found: no library 'Thing' in the library path"
check "name beside a file: the note" "$out" "note: a name without '/' or a .mo ending is a model name; to read the file 'Thing', write './Thing'"
out=$(cd "$D" && "$MO2C" -L "$L/dirlib" --flat ./Thing 2>&1)
check "a path is a file" "$out" "./Thing:1:"
out=$("$MO2C" -L "$L/versioned" --flat Vlib.M 2>&1)
check "versioned directory, newest" "$out" "Real x(start = 1, fixed = true);"

out=$("$MO2C" -L "$L/dirlib" Nolib.M 2>&1); rc=$?
[ $rc = 1 ] || { echo "FAIL: missing library: exit $rc"; fail=1; }
check "missing library" "$out" "error: model 'Nolib.M' not found: no library 'Nolib' in the library path ($L/dirlib, "
out=$("$MO2C" -L "$L/dirlib" Mylib.Sub.Nope 2>&1)
check "missing class" "$out" "error: model 'Mylib.Sub.Nope' not found: 'Nope' is not declared in 'Mylib.Sub'"
out=$("$MO2C" -L "$L/dirlib" --flat Mylib.version 2>&1)
check "not a class" "$out" "error: model 'Mylib.version' not found: 'Mylib.version' is not a class"
# quoted identifiers in MODEL: one part whatever dots they hold, named as the lexer names them (\? and
# \" are the same as ? and ")
cat > "$D/Q.mo" <<'EOF'
package Q
  model 'a.b\'c'
    Real x(start = 1, fixed = true);
  equation
    der(x) = -x;
  end 'a.b\'c';
  model '\"q\?'
    Real y = 2;
  end '\"q\?';
end Q;
EOF
out=$("$MO2C" --flat "$D/Q.mo" "Q.'a.b\'c'" 2>&1)
check "quoted model name with a dot" "$out" "class Q.'a.b\'c'"
out=$("$MO2C" --flat "$D/Q.mo" "Q.'\"q?'" 2>&1)
check "quoted model name, escapes normalised" "$out" "Real y;"
(cd "$D" && "$MO2C" -L "$D" "Q.'a.b\'c'" -o "$D/qsim") && out=$(cd "$D" && ./qsim -stopTime=1 2>&1)
check "simulator of a quoted model found by name" "${out:-}" "The simulation finished successfully."
out=$("$MO2C" --flat "$D/Q.mo" "Q.'a.b'c" 2>&1)
check "text after a quoted identifier" "$out" "error: model 'Q.'a.b'c' not found"
exit $fail
