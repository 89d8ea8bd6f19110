#!/usr/bin/env bash
# A static state choice that the run outgrows stops with a located error, never a wrong answer
# (codegen/codegen_dss.c; tests/models/DynamicStateSelection.mo): with --no-state-sets, and by default
# for the choices that are not made state sets; those that are switch their states (the end of this file). The Cartesian pendulum released
# horizontally (x = L = 1, y = 0, at rest) keeps y and v as states and computes x, the dummy state, from
# x^2 + y^2 = L^2 by Newton. At the bottom of the swing x passes through 0 and the constraint's partial
# derivative against x vanishes; Newton would stay on x > 0 (before the guard, the run "finished
# successfully" with the pendulum swinging back up on the side it came from: at t = 1.184, where the
# pendulum reaches x = -1, it showed x = 0.635). The run must stop just before the bottom, which the
# closed form of the large-amplitude pendulum places at t_b = sqrt(L/g) K(sin(pi/4)) = 0.5919629 s
# (K the complete elliptic integral of the first kind, K(1/sqrt 2) = 1.8540747): the guard fires when
# |dF/dx| < 0.01 |dF/dy| while x moves (|der(x)| of the order of the states' speeds or above; here
# 4.4 m/s where der(y) = 0), an angle of 0.01 rad before the bottom, passed at sqrt(2 g L) = 4.43 rad/s,
# so 2.3 ms before t_b; the window accepted is [t_b - 0.01, t_b]. (A dummy that only sits at its
# singular point, a body's quaternion component in planar motion, is not stopped:
# tests/sim/library_multibody.sh's PointGravity, HeatLosses, SpringDamperSystem and SpringWithMass run
# to their stop time.)
source tests/ref/lib.sh
D=$OUT/dynamic_state_select
rm -rf "$D"; mkdir -p "$D"
M=tests/models/DynamicStateSelection.mo
# stops EXE STOP WANT LO HI NAME: the simulator EXE run to STOP must fail (status 1) with a message holding
# WANT and the sentence that dynamic state selection is not supported, at a time within [LO, HI]
stops() {
    local log rc t
    log=$(cd "$D" && timeout 120 "./$1" -stopTime="$2" -r="$1.csv" 2>&1); rc=$?
    [ $rc -eq 1 ] || { echo "FAIL: $6: exit status $rc, expected 1:"; echo "$log"; return 1; }
    grep -qF "$3" <<<"$log" && grep -qF "dynamic state selection (switching the states during the run) is not supported yet" <<<"$log" ||
        { echo "FAIL: $6: message:"; echo "$log"; return 1; }
    t=$(sed -nE 's/^error: at time ([^:]*):.*/\1/p' <<<"$log")
    awk -v t="$t" -v lo="$4" -v hi="$5" 'BEGIN { exit !(t >= lo && t <= hi) }' ||
        { echo "FAIL: $6 stopped at t = $t, not within [$4, $5]"; return 1; }
}
# the bottom of the swing of the pendulum released horizontally (see above)
tb=$(awk 'BEGIN { printf "%.17g", sqrt(1 / 9.81) * 1.8540746773013719 }')
tb0=$(awk -v tb="$tb" 'BEGIN { printf "%.17g", tb - 0.01 }')
"$MO2C" --no-state-sets "$M" DynamicStateSelection.CartesianPendulum -o "$D/cp" || { echo "FAIL: mo2c CartesianPendulum"; exit 1; }
stops cp 2 "the states chosen at compile time no longer fit the constraint DynamicStateSelection.mo:15: x^2 + y^2 = L^2: its partial derivative against the dummy state 'x' is" "$tb0" "$tb" CartesianPendulum || exit 1

# SwingingPendulum: the same pendulum released at rest 0.05 rad from the bottom, its start values given by
# a function that builds a rotation matrix with a matrix constructor (instantiate/fneval.c evaluates
# [a, b; c, d] when the model is compiled). With those values the states are chosen by size: |dF/dy| is
# 20 times |dF/dx|, so y is the dummy (never near its singular point) and x, u are states (by default the
# state set's selectors start at that choice and never switch: the same run), and the run
# matches the independent polar integration (tests/ref/pendulum_ref.c at THETA0 = 0.05) in the tube 1e-3
# over ten swings. Before, the start values were unknown there, the fixed start of y won the tie, x became
# the dummy passing its singular point at every swing (the guard above stops it at t = 0.437; without the
# guard the run "finished successfully" with x = 1.5e-4 at t = 5, the reference -0.0499).
build_ref_tools || exit 1
"$REFBIN/pendulum_ref" "$D/ref.csv" 10 1000 0.05 || exit 1
"$MO2C" "$M" DynamicStateSelection.SwingingPendulum -o "$D/sw" || { echo "FAIL: mo2c SwingingPendulum"; exit 1; }
simulate "$D" sw -stopTime=10 -stepSize=0.01 -tolerance=1e-8 -r=sw.csv || exit 1
"$REFBIN/csvcmp" --tube 1e-3 "$D/ref.csv" "$D/sw.csv" x y u v lambda || exit 1

# The guard watches every choice of index reduction, whatever computes its dummies afterwards (a loop of
# several equations, a linear system, an explicit assignment), not only one-equation loops.
# RotatedPendulum: CartesianPendulum with its constraint in coordinates rotated by 45 degrees, a = x + y,
# b = x - y, a^2 + b^2 = 2 L^2: its dummies x, a and b are computed by a nonlinear loop of three
# equations, which the guard did not watch: the run "finished successfully", at t = 1.192 (where the
# pendulum reaches x = -1) x = 0.63. It must stop before the bottom, as CartesianPendulum does.
"$MO2C" --no-state-sets "$M" DynamicStateSelection.RotatedPendulum -o "$D/rp" || { echo "FAIL: mo2c RotatedPendulum"; exit 1; }
stops rp 2 "the states chosen at compile time no longer fit the constraint DynamicStateSelection.mo:61: a^2 + b^2 = 2 * L^2 (one of 3 that fix 3 dummy states together; eliminated against the other dummies): its partial derivative against the dummy state '" "$tb0" "$tb" RotatedPendulum || exit 1

# Bead: a bead on a rod turning at w = 1 rad/s about the origin, x sin(t) = y cos(t); at t = 0 the
# constraint's partial derivative against x is 0, so y is the dummy, computed explicitly, x sin / cos.
# Closed form: the distance from the origin is cosh(t), so x = cosh(t) cos(t), y = cosh(t) sin(t). Up to
# t = 1.4 (cos t = 0.17) the choice holds and the run must match it within 1e-6; at t = pi/2 the partial derivative
# against y is 0: the guard must stop the run within 0.011 s before (|cos| < 0.01 |sin| from
# t = pi/2 - 0.0099997). Before, the explicit assignment was not watched: the run "finished successfully"
# to t = 3 with x = -88.1, where the closed form is -9.97.
"$MO2C" --no-state-sets "$M" DynamicStateSelection.Bead -o "$D/bead" || { echo "FAIL: mo2c Bead"; exit 1; }
simulate "$D" bead -stopTime=1.4 -tolerance=1e-10 -r=bead.csv || exit 1
[ "$(tail -1 "$D/bead.csv" | cut -d, -f1)" = 1.4 ] || { echo "FAIL: Bead: the result does not end at 1.4"; exit 1; }
closed_form "$D/bead.csv" x '(exp(t) + exp(-t)) / 2 * cos(t)' 1e-6 || exit 1
closed_form "$D/bead.csv" y '(exp(t) + exp(-t)) / 2 * sin(t)' 1e-6 || exit 1
stops bead 3 "the states chosen at compile time no longer fit the constraint DynamicStateSelection.mo:76: x * sin(w * time) - y * cos(w * time) = 0: its partial derivative against the dummy state 'y' is" \
    "$(awk 'BEGIN { printf "%.17g", 2 * atan2(1, 1) - 0.011 }')" "$(awk 'BEGIN { printf "%.17g", 2 * atan2(1, 1) }')" Bead || exit 1

# CartesianPendulumStateSet: the pendulum released horizontally in the form that dynamic state selection
# with state sets is to give CartesianPendulum (codegen_dss.c's design note), written by hand: the set
# states s = A {x, y}, sv = A {u, v} with A switched by pivoting at events and the set states set from
# the candidates. It must run through the bottom of its swing (where CartesianPendulum stops) for four
# periods (one period: 4 t_b = 2.37 s) and match the independent polar integration (pendulum_ref at
# THETA0 = pi/2) in the tube 1e-4, switching its states at least 16 times (twice a half swing: to x
# where |x| < |y|/2 near the bottom, back to y where |y| < |x|/2 near the top). This is the target of
# the compiler's transformation; that the simulator carries it (loops whose equations change with k,
# reinit at the switch) is what this case checks.
"$REFBIN/pendulum_ref" "$D/ref_h.csv" 10 1000 "$(awk 'BEGIN { printf "%.17g", 2 * atan2(1, 1) }')" || exit 1
"$MO2C" "$M" DynamicStateSelection.CartesianPendulumStateSet -o "$D/set" || { echo "FAIL: mo2c CartesianPendulumStateSet"; exit 1; }
simulate "$D" set -stopTime=10 -stepSize=0.01 -tolerance=1e-10 -r=set.csv || exit 1
"$REFBIN/csvcmp" --tube 1e-4 "$D/ref_h.csv" "$D/set.csv" x y u v lambda || exit 1
n=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "\"k\"") c = i } NR > 2 && $c != p { n++ } { p = $c } END { print c ? n + 0 : -1 }' "$D/set.csv")
[ "$n" -ge 16 ] || { echo "FAIL: CartesianPendulumStateSet switched its states $n times in 10 s, expected at least 16"; exit 1; }

# By default (state sets: analysis/stateset.c, codegen_dss.c) a choice whose Jacobian against its dummies
# varies becomes a state set: every candidate a dummy, set states copying the ones kept, selectors switched at accepted
# points where the kept choice's determinant against its dummies falls below a tenth of the best
# columns' (runtime/dss.c), the set states then set from the candidates at the same point and the
# integrator restarted. The three cases that stop above must then run through their singular points:
# CartesianPendulum and RotatedPendulum for ten seconds (four periods and more) within 1e-4 of the
# independent polar integration, switching their position level's set ($STATESET2.k[1], its column
# counted where it changes between output rows) at least 16 times (CartesianPendulum: twice a half swing,
# to x near the bottom, back to y near the top) and 8 times (RotatedPendulum: its set chooses one of a,
# x, b, y, and the kept b = x - y or a = x + y fails only where the other is 0, at 45 degrees, once a
# half swing; measured 16 and 8 switches), and Bead to t = 5 within 1e-6 of its closed form, switching
# at least 3 times: near w t = pi/2 and 3 pi/2 (the rod along y: cos(w t) = 0, the static choice's
# singular points) to x kept, near pi back to y (sin(w t) = 0).
switches() {   # switches CSV COLUMN: how many times COLUMN changes between rows (-1: no such column)
    awk -F, -v col="\"$2\"" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i } NR > 2 && $c != p { n++ } { p = $c } END { print c ? n + 0 : -1 }' "$1"
}
for mn in CartesianPendulum:16 RotatedPendulum:8; do
    m=${mn%:*}
    "$MO2C" "$M" DynamicStateSelection.$m -o "$D/set_$m" || { echo "FAIL: mo2c $m"; exit 1; }
    simulate "$D" "set_$m" -stopTime=10 -stepSize=0.01 -tolerance=1e-10 -r="set_$m.csv" || exit 1
    "$REFBIN/csvcmp" --tube 1e-4 "$D/ref_h.csv" "$D/set_$m.csv" x y u v lambda || exit 1
    n=$(switches "$D/set_$m.csv" '$STATESET2.k[1]')
    [ "$n" -ge "${mn#*:}" ] || { echo "FAIL: $m with state sets switched $n times in 10 s, expected at least ${mn#*:}"; exit 1; }
done
"$MO2C" "$M" DynamicStateSelection.Bead -o "$D/set_bead" || { echo "FAIL: mo2c Bead"; exit 1; }
simulate "$D" set_bead -stopTime=5 -tolerance=1e-10 -r=set_bead.csv || exit 1
[ "$(tail -1 "$D/set_bead.csv" | cut -d, -f1)" = 5 ] || { echo "FAIL: Bead with state sets: the result does not end at 5"; exit 1; }
closed_form "$D/set_bead.csv" x '(exp(t) + exp(-t)) / 2 * cos(t)' 1e-6 || exit 1
closed_form "$D/set_bead.csv" y '(exp(t) + exp(-t)) / 2 * sin(t)' 1e-6 || exit 1
n=$(switches "$D/set_bead.csv" '$STATESET1.k[1]')
[ "$n" -ge 3 ] || { echo "FAIL: Bead with state sets switched $n times in 5 s, expected at least 3"; exit 1; }

# A set state's derivative in the result is the kept candidate's, in every row: the rows of the start and
# of a switch too. Before, a switch on the last step of an output interval wrote the row with the
# integrator's evaluation from before the switch (CartesianPendulum at t = 3.41 and 9.33: der($STATESET2.x[1])
# = -0.137 where k = 2 picks der(y) = 1.383), and a switch at the start wrote the start row's so.
# set_deriv CSV SET K:CANDIDATE,...: der($SET.x[1]) = der(CANDIDATE) of the candidate $SET.k[1] picks, to 1e-9
set_deriv() {
    awk -F, -v set="$2" -v map="$3" '
        BEGIN { n = split(map, a, ","); for (i = 1; i <= n; i++) { split(a[i], b, ":"); cand[b[1]] = b[2] } }
        NR == 1 { for (i = 1; i <= NF; i++) { h = $i; gsub(/"/, "", h); col[h] = i }
                  kc = col["$" set ".k[1]"]; dc = col["der($" set ".x[1])"]
                  if (!kc || !dc) { print "FAIL: no column of " set; bad = 1; exit } next }
        { k = $kc + 0; c = col["der(" cand[k] ")"]
          if (!c) { print "FAIL: " set ".k = " k " names no candidate"; bad = 1; exit }
          e = $dc - $c; e = e < 0 ? -e : e; s = $c < 0 ? -$c : $c
          if (e > 1e-9 * (1 + s) && bad++ < 3)
              printf "FAIL: %s at time %s: der($%s.x[1]) = %s, where k = %d picks der(%s) = %s\n", FILENAME, $1, set, $dc, k, cand[k], $c }
        END { exit bad != 0 }' "$1"
}
set_deriv "$D/set_CartesianPendulum.csv" STATESET2 1:x,2:y || exit 1
set_deriv "$D/set_CartesianPendulum.csv" STATESET1 "1:der(x),2:der(y),3:u,4:v" || exit 1

# StartPastChoice: the static choice fails at the solved initial point, x0 from the bottom (the model says
# why). x0 = 0.05: the set switches at the start; before, -s=cvode and -s=ida went on from the state
# vector they had copied before the switch (the old candidate y's value -0.9987 taken for x): the run
# "finished successfully" with x = -0.9987 at t = 0.01, where the pendulum is at 0.05. x0 = 0.005: the
# evaluations at the start (an accepted point) failed, "the states it keeps are near singular within the
# integrator's step", at t = 0; a set fails its trial points only and switches at accepted ones. Each run
# within 1e-4 of the independent polar integration released at asin(x0) for two seconds (one and a half
# swings), the set states' derivatives those of their candidates.
"$MO2C" "$M" DynamicStateSelection.StartPastChoice -o "$D/spc" || { echo "FAIL: mo2c StartPastChoice"; exit 1; }
for x0 in 0.05 0.005; do
    "$REFBIN/pendulum_ref" "$D/ref_$x0.csv" 2 200 "$(awk -v s="$x0" 'BEGIN { printf "%.17g", atan2(s, sqrt(1 - s * s)) }')" || exit 1
    for s in rkf45 cvode ida; do
        simulate "$D" spc -s=$s -override=x0=$x0 -stopTime=2 -stepSize=0.01 -tolerance=1e-10 -r="spc_${x0}_$s.csv" || exit 1
        "$REFBIN/csvcmp" --tube 1e-4 "$D/ref_$x0.csv" "$D/spc_${x0}_$s.csv" x y u v lambda || { echo "FAIL: StartPastChoice x0 = $x0 -s=$s"; exit 1; }
        set_deriv "$D/spc_${x0}_$s.csv" STATESET2 1:x,2:y || exit 1
        set_deriv "$D/spc_${x0}_$s.csv" STATESET1 "1:der(x),2:der(y),3:u,4:v" || exit 1
    done
done

# ReinitAtWall: a reinit of a candidate's integral (v, which a set would make algebraic) keeps that choice
# static. Before, sets on, the model did not compile ("reinit(v, ...): 'v' is not a state of the model").
# Closed form: from the horizontal the pendulum reaches the wall (30 degrees from the bottom) after
# t1 = sqrt(L/g) integral over [pi/6, pi/2] of dtheta / sqrt(2 cos(theta)) = 0.4709126 s (Simpson's rule
# on the substitution theta = pi/2 - w^2, whose integrand is smooth), then retraces its path: it must hit
# the wall exactly at t1, 3 t1 and 5 t1 (the event rows, to 1e-6), follow the independent polar
# integration released at pi/2 within 1e-4 up to t1, keep its energy (u^2 + v^2)/2 + g y = 0 within 1e-6
# over the bounces and never pass the wall (x >= L/2).
"$MO2C" "$M" DynamicStateSelection.ReinitAtWall -o "$D/wall" || { echo "FAIL: mo2c ReinitAtWall"; exit 1; }
simulate "$D" wall -stopTime=3 -stepSize=0.01 -tolerance=1e-10 -r=wall.csv || exit 1
t1=$(awk 'BEGIN { n = 2000; b = sqrt(atan2(1, 1) * 4 / 3); h = b / n
                  for (i = 0; i <= n; i++) { w = i * h; f = w == 0 ? sqrt(2) : 2 * w / sqrt(2 * sin(w * w))
                                             s += (i == 0 || i == n ? 1 : i % 2 ? 4 : 2) * f }
                  printf "%.12f", s * h / 3 / sqrt(9.81) }')
hits=$(awk -F, 'NR > 2 && $1 == p && $1 > 0 { printf "%s ", $1 } { p = $1 }' "$D/wall.csv")
awk -v t1="$t1" -v hits="$hits" 'BEGIN { n = split(hits, h, " "); if (n != 3) { print "FAIL: ReinitAtWall hit the wall at " hits "(t1 = " t1 ")"; exit 1 }
    for (k = 1; k <= 3; k++) { e = h[k] - (2 * k - 1) * t1; if (e > 1e-6 || e < -1e-6) { print "FAIL: ReinitAtWall hit the wall at " hits "(t1 = " t1 ")"; exit 1 } } }' || exit 1
"$REFBIN/pendulum_ref" "$D/ref_wall.csv" 0.47 47 "$(awk 'BEGIN { printf "%.17g", 2 * atan2(1, 1) }')" || exit 1
awk -F, 'NR == 1 || $1 < 0.4705' "$D/wall.csv" > "$D/wall_first.csv"
"$REFBIN/csvcmp" --tube 1e-4 "$D/ref_wall.csv" "$D/wall_first.csv" x y u v lambda || exit 1
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { e = ($c["\"u\""] ^ 2 + $c["\"v\""] ^ 2) / 2 + 9.81 * $c["\"y\""]; if (e > 1e-6 || e < -1e-6 || $c["\"x\""] < 0.5 - 1e-9) {
        printf "FAIL: ReinitAtWall at time %s: energy %g, x = %s\n", $1, e, $c["\"x\""]; exit 1 } }' "$D/wall.csv" || exit 1
