#!/usr/bin/env bash
# User-defined functions end to end.
# 1. tests/models/Functions.mo (while, for, if, break, return, defaults, named arguments, two outputs,
#    records as arguments and result) against the closed forms of tests/ref/functions_ref.c: every
#    signal within 1e-6 absolutely at every output point (x is integrated at tolerance 1e-10; the others
#    are functions of x or of time evaluated by the model's functions).
# 2. Its emitted C compiles warning-free under -Wall -Wextra -Wpedantic -Wshadow -Werror, and names the
#    functions f_<n>_<name>.
# 3. tests/models/FunctionPendulum.mo: the index-3 pendulum whose constraint is a user function, once
#    through a derivative annotation (radius2_der must appear in the C) and once inlined, both against
#    the independent polar integration tests/ref/pendulum_ref.c (tube 1e-3, as tests/sim/pendulum.sh);
#    and a third time through a function with a loop, arrays and a call with two outputs, whose
#    derivatives (first and second) are made from the algorithms (Body: der(...)_der in the C).
# 4. tests/models/FunctionBuiltins.mo: recursion and the built-ins mod, rem, div, semiLinear.
source tests/ref/lib.sh
build_ref_tools || exit 1
cc $REF_CFLAGS -o "$REFBIN/functions_ref" tests/ref/functions_ref.c -lm || exit 1
D=$OUT/functions
rm -rf "$D"; mkdir -p "$D"
status=0
"$REFBIN/functions_ref" "$D/ref.csv" 2 500 || exit 1
"$MO2C" tests/models/Functions.mo Functions.Main -o "$D/Main" || { echo "mo2c failed"; exit 1; }
simulate "$D" Main -stopTime=2 -stepSize=0.004 -tolerance=1e-10 -outputFormat=csv -r=res.csv || exit 1
"$REFBIN/csvcmp" --abs 1e-6 "$D/ref.csv" "$D/res.csv" x r p s q z.re z.im w.re w.im || status=1

"$MO2C" tests/models/Functions.mo Functions.Main --emit-c -o "$D/Main.c" || exit 1
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/Main.o" "$D/Main.c" || status=1
grep -q '^static int f_[0-9]*_Functions_cosTaylor(mo2c_data \*d' "$D/Main.c" || { echo "no C function for cosTaylor"; status=1; }
grep -q 'while loop of function %s did not end' "$D/Main.c" && grep -q '"Functions.cosTaylor", (long)MO2C_MAX_WHILE' "$D/Main.c" || { echo "no while guard"; status=1; }

"$REFBIN/pendulum_ref" "$D/pref.csv" 10 1000 || exit 1
for m in Annotated Inlined Body; do
    "$MO2C" tests/models/FunctionPendulum.mo FunctionPendulum.$m -o "$D/$m" || { echo "mo2c $m failed"; status=1; continue; }
    simulate "$D" $m -outputFormat=csv -r=$m.csv || { status=1; continue; }
    "$REFBIN/csvcmp" --tube 1e-3 "$D/pref.csv" "$D/$m.csv" x y u v || status=1
done
"$MO2C" tests/models/FunctionPendulum.mo FunctionPendulum.Annotated --emit-c -o "$D/Annotated.c" || exit 1
grep -q 'radius2_der_v(d' "$D/Annotated.c" || { echo "the derivative annotation was not used"; status=1; }
"$MO2C" tests/models/FunctionPendulum.mo FunctionPendulum.Body --emit-c -o "$D/Body.c" || exit 1
grep -q 'radius2Loop_der_der_v(d' "$D/Body.c" || { echo "no second derivative made from radius2Loop's algorithm"; status=1; }

# 4. Recursion and the built-ins mod, rem, div, semiLinear, Modelica.Math.sin: x(1) = 111 exactly (up to
#    the integration of a constant).
"$MO2C" tests/models/FunctionBuiltins.mo -o "$D/FunctionBuiltins" || exit 1
simulate "$D" FunctionBuiltins -outputFormat=csv -r=fb.csv || exit 1
awk -F, 'END { d = $2 - 111; if (d < 0) d = -d; printf "%s x(1) = %.15g (want 111)\n", d < 1e-9 ? "ok  " : "FAIL", $2; exit !(d < 1e-9) }' \
    "$D/fb.csv" || status=1
exit $status
