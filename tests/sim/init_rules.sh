#!/usr/bin/env bash
# The initialization rules of specification 8.6 (compiler/analysis/init.c, sort.c) on
# tests/models/InitRules.mo against closed forms written out below with awk (the models' comments
# derive them), within 1e-6 on the output grid at -tolerance=1e-10:
#   FreeParameter   a parameter with fixed = false solved by an initial equation, and one bound to it;
#   Hysteresis      pre(on) in an initial equation, an initial equation for a variable assigned in a
#                   when-clause, a fixed counter, when initial(), discrete fixed and free starts;
#   FixedAlgebraic  fixed starts of a variable that is not a state and of a derivative's alias.
# Each was reported "over-determined", or simulated from a wrong start, before init.c.
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/init_rules
rm -rf "$D"; mkdir -p "$D"
status=0
M=tests/models/InitRules.mo
run() { # model signals...
    local m=$1; shift
    "$MO2C" "$M" "InitRules.$m" -o "$D/$m" || { echo "FAIL: mo2c $m"; status=1; return; }
    simulate "$D" "$m" -tolerance=1e-10 -r="$m.csv" || { status=1; return; }
    "$REFBIN/csvcmp" --abs 1e-6 "$D/$m.ref.csv" "$D/$m.csv" "$@" > "$D/$m.cmp" \
        || { echo "FAIL: $m"; cat "$D/$m.cmp"; status=1; }
}
awk 'BEGIN { print "time,T1,T2,e,f"; tf = 323.15
             for (i = 0; i <= 200; i++) { t = i / 100; x = 50 * exp(-4 * t / 3)
                 printf "%.17g,%.17g,%.17g,%.17g,%.17g\n", t, tf + x, tf - x, x, 2 * tf } }' > "$D/FreeParameter.ref.csv"
run FreeParameter T1 T2 e f
# the heater: on from 20 up at 3/s to 22, off down at 2.2/s to 18, ...; events off the output grid
awk 'BEGIN { print "time,T,on,tOn,n,z,w,w2"
             for (i = 0; i <= 400; i++) { t = i / 100; T = 20; on = 1; tl = 0; n = 0; ton = 0
                 while (1) { dt = on ? (22 - T) / 3 : (T - 18) / 2.2
                     if (tl + dt > t) break
                     tl += dt; T = on ? 22 : 18; on = !on; if (on) { n++; ton = tl } }
                 T = on ? T + 3 * (t - tl) : T - 2.2 * (t - tl)
                 printf "%.17g,%.17g,%d,%.17g,%d,40,7,3\n", t, T, on, ton, n } }' > "$D/Hysteresis.ref.csv"
run Hysteresis T on tOn n z w w2
awk 'BEGIN { print "time,s1,srel,v1,s2,v2,a"; w = sqrt(3) / 2; q = sqrt(10)
             for (i = 0; i <= 300; i++) { t = i / 100; e = exp(-t / 2)
                 s2 = 2 / w * e * sin(w * t); v2 = 2 / w * e * (w * cos(w * t) - sin(w * t) / 2)
                 printf "%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", t, 1 - 0.5 * cos(q * t),
                        1 - 0.5 * cos(q * t), 0.5 * q * sin(q * t), s2, v2, -s2 - v2 } }' > "$D/FixedAlgebraic.ref.csv"
run FixedAlgebraic s1 srel v1 s2 v2 a
exit $status
