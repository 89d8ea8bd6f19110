#!/usr/bin/env bash
# Calls of functions end to end (tests/models/FunctionCalls.mo, FunctionHigherOrder.mo, FunctionCallFail.mo).
# 1. FunctionCalls.Main against its closed forms, within 1e-9 at every output point: sq applied element by
#    element, y = t^2 (1, 4, 9), A = 2 t^2 (1, 4, 9, 16); inside a function, r = 10 t^2 + 270 t; a
#    recursion 1000 deep, rec = 500500; c = 2t through a function without outputs called as a statement;
#    ns = 8 String results as the specification gives them. The warning assert is printed once, intact.
# 2. The emitted C compiles warning-free under -Wall -Wextra -Wpedantic -Wshadow -Werror.
# 3. Failures: the runaway recursion ends the run at t = 0.25 with a message naming the function, exit 1
#    (no signal); the function without outputs called as an equation fails its assert after t = 0.5.
source tests/ref/lib.sh
D=$OUT/function_calls
rm -rf "$D"; mkdir -p "$D"
status=0
"$MO2C" tests/models/FunctionCalls.mo FunctionCalls.Main -o "$D/Main" || { echo "mo2c failed"; exit 1; }
log=$(cd "$D" && ./Main -stopTime=1 -stepSize=0.1 -tolerance=1e-10 -r=res.csv 2>&1)
grep -q "The simulation finished successfully." <<<"$log" || { echo "$log"; exit 1; }
awk -F, 'NR == 1 { m = split($0, hs, "\",\""); for (i = 1; i <= m; i++) { gsub(/"/, "", hs[i]); col[hs[i]] = i }; next }
function chk(name, want) { d = $col[name] - want; if (d < 0) d = -d; if (d > 1e-9) { printf "FAIL %s = %.17g at t = %g, want %.17g\n", name, $col[name], t, want; bad = 1 } }
{ t = $1; chk("y[1]", t*t); chk("y[2]", 4*t*t); chk("y[3]", 9*t*t); chk("A[1,1]", 2*t*t); chk("A[1,2]", 8*t*t)
  chk("A[2,1]", 18*t*t); chk("A[2,2]", 32*t*t); chk("r", 10*t*t + 270*t); chk("rec", 500500); chk("c", 2*t); chk("ns", 8); n++ }
END { if (n != 11) { print "FAIL: " n " rows"; bad = 1 } if (!bad) print "ok   11 rows of FunctionCalls.Main as their closed forms"; exit bad }' "$D/res.csv" || status=1
want='warning: at time 0: assertion failed in function FunctionCalls.describe: x passed 1: x = 2 km, mode off'
if [ "$(grep -c '^warning:' <<<"$log")" != 1 ] || ! grep -qxF "$want" <<<"$log"; then
    echo "FAIL the warning, once: $want"; echo "$log"; status=1
fi
# 1b. FunctionHigherOrder.Main: functions given to functions, calls through a component, a short class with
#     modifiers, record inputs bound by partial applications: sq = 4, sq2 = 3, ln = t/2, ll = 1 + t,
#     ins = 2t + 2, cf = 110 t, hh = 5t, lr = t/2 + 3, lr2 = 2t + 6, sxy = t^2/4, sxp = 3 + t,
#     sm = (t^2 + t)/2 (functions given to a function's functional input by a partial application).
"$MO2C" tests/models/FunctionHigherOrder.mo FunctionHigherOrder.Main -o "$D/Higher" || { echo "mo2c failed"; exit 1; }
simulate "$D" Higher -stopTime=1 -stepSize=0.1 -r=higher.csv || exit 1
awk -F, 'NR == 1 { m = split($0, hs, "\",\""); for (i = 1; i <= m; i++) { gsub(/"/, "", hs[i]); col[hs[i]] = i }; next }
function chk(name, want) { d = $col[name] - want; if (d < 0) d = -d; if (d > 1e-9) { printf "FAIL %s = %.17g at t = %g, want %.17g\n", name, $col[name], t, want; bad = 1 } }
{ t = $1; chk("sq", 4); chk("sq2", 3); chk("ln", t/2); chk("ll", 1 + t); chk("ins", 2*t + 2); chk("cf", 110*t); chk("hh", 5*t); chk("lr", t/2 + 3); chk("lr2", 2*t + 6); chk("sxy", t*t/4); chk("sxp", 3 + t); chk("sm", (t*t + t)/2); n++ }
END { if (n != 11) { print "FAIL: " n " rows"; bad = 1 } if (!bad) print "ok   11 rows of FunctionHigherOrder.Main as their closed forms"; exit bad }' "$D/higher.csv" || status=1
"$MO2C" tests/models/FunctionHigherOrder.mo FunctionHigherOrder.Main --emit-c -o "$D/Higher.c" || exit 1
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/Higher.o" "$D/Higher.c" || status=1

"$MO2C" tests/models/FunctionCalls.mo FunctionCalls.Main --emit-c -o "$D/Main.c" || exit 1
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/Main.o" "$D/Main.c" || status=1

for m in Runaway CheckFails; do
    "$MO2C" tests/models/FunctionCallFail.mo FunctionCallFail.$m -o "$D/$m" || { status=1; continue; }
    log=$(cd "$D" && ./$m -stopTime=1 -r=$m.csv 2>&1); rc=$?
    case $m in
    Runaway) want='^error: at time 0\.25[0-9]*: recursion too deep in function FunctionCallFail\.runaway: [0-9]+ nested calls' ;;
    CheckFails) want='^error: at time 0\.5: assertion failed in function FunctionCallFail\.check: check: t reached 0\.5$' ;;
    esac
    if [ $rc -ne 1 ] || ! grep -qE "$want" <<<"$log"; then
        echo "FAIL $m: exit $rc, expected 1 and /$want/"; echo "$log" | head; status=1
    else
        echo "ok   $m: $(grep error: <<<"$log")"
    fi
done
exit $status
