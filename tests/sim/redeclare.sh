#!/usr/bin/env bash
# Redeclarations that change the dynamics: tests/models/RedeclareSim.mo, a first-order lag
# T x' = u - x, x(0) = 0, whose input u a component redeclaration (Lag b) or a class redeclaration in an
# extends modifier (RampPlant d) replaces, against the closed forms (evaluated here, outside mo2c):
#   u = k:     x = k (1 - exp(-t/T))
#   u = r t:   x = r (t - T + T exp(-t/T))
# a: k = 1, T = 0.5; b: r = 3, T = 0.5; c: k = 2 (the default class's modifier), T = 0.25; d: r = 2,
# T = 0.25. Every output point within 1e-6.
source tests/ref/lib.sh
D=$OUT/redeclare
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/RedeclareSim.mo RedeclareSim.Main -o "$D/Main" || { echo "mo2c failed"; exit 1; }
simulate "$D" Main -tolerance=1e-10 -outputFormat=csv -r=res.csv || exit 1
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { gsub(/"/, "", $i); col[$i] = i }
                   for (s in want) if (!(s in col)) { print "FAIL no column " s; bad = 1 } next }
         function step(k, T, t) { return k * (1 - exp(-t / T)) }
         function ramp(r, T, t) { return r * (t - T + T * exp(-t / T)) }
         function check(name, ref) { d = $col[name] - ref; if (d < 0) d = -d; if (d > worst[name]) worst[name] = d }
         { t = $col["time"]; n++
           check("a.x", step(1, 0.5, t)); check("b.x", ramp(3, 0.5, t))
           check("c.x", step(2, 0.25, t)); check("d.x", ramp(2, 0.25, t)) }
         END { split("a.x b.x c.x d.x", names, " ")
               for (i = 1; i <= 4; i++) { s = names[i]; ok = worst[s] <= 1e-6
                   printf "%s %s: largest error %.3g over %d points\n", ok ? "ok  " : "FAIL", s, worst[s], n
                   if (!ok) bad = 1 }
               exit bad || n < 100 }' "$D/res.csv"
