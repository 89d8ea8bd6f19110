#!/usr/bin/env bash
# Algorithm sections in a model, end to end (tests/models/Algorithms.mo, Main): an algorithm computing
# the algebraic variable an equation needs, when-statements counting samples and the elements of a
# vector condition, a while loop, a for-loop left by break, a tuple assignment from a function with two
# outputs, an array assignment that swaps (every value evaluated first), an initial algorithm giving a
# state its start, an initial algorithm computing a parameter (fixed = false); against the closed forms
# of tests/ref/alg_ref.c at every output point. The emitted C compiles warning-free under -Wall -Wextra
# -Wpedantic -Wshadow -Werror. Warn: each assert of a section warns once, where it should.
# 2. With the MSL (../shared, else skipped): Trapezoid and Pulse (tests/models/AlgorithmsMSL.mo) against
#    their documented definitions at every output point, and the integral of their sum, z(2) = 2.8
#    (trapezoid areas 1 and 1, pulses 4 x 0.2).
source tests/ref/lib.sh
build_ref_tools || exit 1
cc $REF_CFLAGS -o "$REFBIN/alg_ref" tests/ref/alg_ref.c -lm || exit 1
D=$OUT/algorithms
rm -rf "$D"; mkdir -p "$D"
status=0
"$REFBIN/alg_ref" "$D/ref.csv" 1 250 || exit 1
"$MO2C" tests/models/Algorithms.mo Algorithms.Main -o "$D/Main" || { echo "mo2c failed"; exit 1; }
simulate "$D" Main -stopTime=1 -stepSize=0.004 -tolerance=1e-10 -r=res.csv || exit 1
"$REFBIN/csvcmp" --abs 1e-7 "$D/ref.csv" "$D/res.csv" x a b n c k r m p q 'u[1]' 'u[2]' z e || status=1
"$MO2C" tests/models/Algorithms.mo Algorithms.Main --emit-c -o "$D/Main.c" || exit 1
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -O2 -Werror -Iruntime -c -o "$D/Main.o" "$D/Main.c" || status=1
# Warn: x = exp(-5 t) falls below 0.5 at t = ln(2)/5 = 0.1386: the section's assert warns once, after the
# first step past it (not also at an event of its own); the assert inside "when time > 0.3" once, at 0.3.
"$MO2C" tests/models/Algorithms.mo Algorithms.Warn -o "$D/Warn" || { echo "mo2c failed on Warn"; exit 1; }
log=$(cd "$D" && ./Warn -stopTime=1 2>&1) || { echo "Warn failed: $log"; status=1; }
awk '/assertion failed: x below 0.5$/ { n1++; t1 = $4 + 0 } /assertion failed: x below 0.5 at the when$/ { n2++; t2 = $4 + 0 }
     END { ok = n1 == 1 && t1 >= 0.1386 && t1 < 0.2 && n2 == 1 && t2 >= 0.3 && t2 < 0.3 + 1e-9
           printf "%s warnings: section %d at %s, when %d at %s\n", ok ? "ok  " : "FAIL", n1, t1, n2, t2; exit !ok }' \
    <<<"$log" || status=1

MSL=${SHARED:+$SHARED/msl/4.0.0}
[ -n "$MSL" ] && [ -d "$MSL" ] || { echo "no MSL beside the project: part 2 skipped"; exit $status; }
"$REFBIN/alg_ref" trap "$D/trap.csv" || exit 1
"$MO2C" -L "$MSL" tests/models/AlgorithmsMSL.mo -o "$D/MSL" || { echo "mo2c failed on AlgorithmsMSL"; exit 1; }
simulate "$D" MSL -stopTime=2 -tolerance=1e-9 -r=msl.csv || exit 1
"$REFBIN/csvcmp" --abs 1e-9 "$D/trap.csv" "$D/msl.csv" tr.y pu.y || status=1
awk -F, 'END { d = $4 - 2.8; if (d < 0) d = -d; printf "%s z(2) = %.15g (want 2.8)\n", d < 1e-6 ? "ok  " : "FAIL", $4; exit !(d < 1e-6) }' \
    "$D/msl.csv" || status=1
exit $status
