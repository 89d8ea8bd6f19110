#!/usr/bin/env bash
# Arrays inside functions end to end.
# 1. tests/models/FunctionArrays.mo against the closed forms of tests/ref/function_arrays_ref.c: every
#    output within 1e-9 at every output point (a grid that misses the model's two events).
# 2. Its emitted C compiles warning-free under -Wall -Wextra -Wpedantic -Wshadow -Werror.
# 3. Memory: the simulators built with the address and undefined-behaviour sanitizers (the runtime's
#    sources too) run FunctionArrays.Main cleanly, and tests/models/FunctionArrayFail.mo fails in each of
#    its modes with the message naming the statement, with no sanitizer report: every array of every
#    function on the way out is freed and every mark of the function stack released, also on failure.
# (4. below: noDerivative and partial derivatives.)
source tests/ref/lib.sh
build_ref_tools || exit 1
cc $REF_CFLAGS -o "$REFBIN/function_arrays_ref" tests/ref/function_arrays_ref.c -lm || exit 1
D=$OUT/function_arrays
rm -rf "$D"; mkdir -p "$D"
status=0
"$REFBIN/function_arrays_ref" "$D/ref.csv" 1 10 || exit 1
"$MO2C" tests/models/FunctionArrays.mo FunctionArrays.Main -o "$D/Main" || { echo "mo2c failed"; exit 1; }
simulate "$D" Main -stopTime=1 -stepSize=0.1 -tolerance=1e-10 -outputFormat=csv -r=res.csv || exit 1
mapfile -t signals < <(head -1 "$D/ref.csv" | sed 's/^"//; s/"$//; s/","/\n/g' | tail -n +2)
"$REFBIN/csvcmp" --abs 1e-9 "$D/ref.csv" "$D/res.csv" "${signals[@]}" > "$D/cmp.log" || { grep -v '^ok' "$D/cmp.log"; status=1; }

"$MO2C" tests/models/FunctionArrays.mo FunctionArrays.Main --emit-c -o "$D/Main.c" || exit 1
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/Main.o" "$D/Main.c" || status=1

# 4. A derivative annotation with noDerivative gives no partial derivatives: the Jacobian of the loop
#    x + pos({x^3, 100}) = 10 is 1 + 3 x^2 from the inlined pos (not pos_der's 100), and x = 2.
"$MO2C" tests/models/FunctionArrays.mo FunctionArrays.NoDerivative --emit-c -o "$D/NoDer.c" || exit 1
grep -q 'pd\[0\] = 1.0 + 3.0 \* mo_sq(y\[0\]' "$D/NoDer.c" || { echo "the loop's Jacobian is not 1 + 3 x^2"; grep -n 'pd\[0\]' "$D/NoDer.c"; status=1; }
"$MO2C" tests/models/FunctionArrays.mo FunctionArrays.NoDerivative -o "$D/NoDer" || exit 1
simulate "$D" NoDer -outputFormat=csv -r=noder.csv || status=1
awk -F, 'END { d = $2 - 2; if (d < 0) d = -d; printf "%s x = %.15g (want 2)\n", d < 1e-9 ? "ok  " : "FAIL", $2; exit !(d < 1e-9) }' \
    "$D/noder.csv" || status=1

asan_sim "$D" Main || exit 1
log=$(cd "$D" && ./Main_asan -stopTime=1 -stepSize=0.1 -r=asan.csv 2>&1)
if [ $? -ne 0 ] || grep -q Sanitizer <<<"$log"; then echo "FunctionArrays.Main under the sanitizers:"; echo "$log" | head -30; status=1; fi

"$MO2C" tests/models/FunctionArrayFail.mo --emit-c -o "$D/Fail.c" || exit 1
asan_sim "$D" Fail || exit 1
want=(""
  "index 4 out of bounds 1..3 in tests/models/FunctionArrayFail.mo:19: y[1] := x[size(x, 1) + 1] (function FunctionArrayFail.callee)"
  "cannot assign an array of size [3] to one of size [2] in tests/models/FunctionArrayFail.mo:21: y := {1, 2, 3} (function FunctionArrayFail.callee)"
  'assertion failed in function FunctionArrayFail.callee: too far: %s%s%n */ "quoted" \ ??/ end'
  "invalid array size -1 in tests/models/FunctionArrayFail.mo:27: w := fill(0, -1) (function FunctionArrayFail.callee)"
  "division by zero in equation tests/models/FunctionArrayFail.mo:29: w := x ./ (x - x) (function FunctionArrayFail.callee)"
  "index 3 out of bounds 1..2 in tests/models/FunctionArrayFail.mo:31: y[3] := big[100] (function FunctionArrayFail.callee)")
# a literal subscript within a literal declared size reads the element without mo2c_ix (codegen_farr.c)
grep -qE '_big\)->v\[99\]' "$D/Fail.c" || { echo "big[100] is not read as ->v[99]"; status=1; }
for m in 1 2 3 4 5 6; do
    log=$(cd "$D" && ./Fail_asan -override=mode=$m -stopTime=1 -r=fail$m.csv 2>&1); rc=$?
    if [ $rc -ne 1 ] || grep -q Sanitizer <<<"$log" || ! grep -qF -- "${want[$m]}" <<<"$log"; then
        echo "mode $m: exit $rc, expected 1 and: ${want[$m]}"; echo "$log" | head -30; status=1
    else
        echo "ok   mode $m: $(grep -F error: <<<"$log" | head -1)"
    fi
done
exit $status
