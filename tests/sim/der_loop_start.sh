#!/usr/bin/env bash
# A loop whose unknowns are derivatives starts from the values they have, which for an integrator's
# buffers (GSL's dydt_in and stage buffers, SUNDIALS' vectors) was whatever malloc left there until the
# buffer was first written (runtime/solver.c mo2c_rt_dx_start). glibc's malloc.perturb tunable makes that
# garbage deterministic (every byte 0xfe: doubles near -1e303): before, rkf45 wrote x1 = -6e282 at
# t = 0.01 and said the simulation finished successfully, rk4 was off by 2e-6, cvode stopped on an
# infinite right-hand side. MSL's MultiBody ThreeSprings failed so with every variable in the result
# (the result writer's allocations left other garbage than with time alone). tests/models/DerLoop.mo
# (its comment derives the closed form): every solver within 1e-6.
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/der_loop_start
rm -rf "$D"; mkdir -p "$D"
status=0
"$MO2C" tests/models/DerLoop.mo -o "$D/D" || { echo "FAIL: mo2c"; exit 1; }
grep -q 'z\[0\] = dx\[0\]' "$D/D.c" 2>/dev/null || "$MO2C" tests/models/DerLoop.mo --emit-c -o "$D/D.c"
grep -q 'z\[0\] = dx\[0\]' "$D/D.c" || { echo "FAIL: the loop no longer starts from der(x1): this test checks nothing"; status=1; }
r='sqrt(0.05)'
for s in rkf45 rk4 msbdf cvode ida; do
    if GLIBC_TUNABLES=glibc.malloc.perturb=1 MALLOC_PERTURB_=1 simulate "$D" D -s=$s -tolerance=1e-10 -r=D_$s.csv; then
        closed_form "$D/D_$s.csv" x1 "exp(-t / 2) * ((exp($r * t) + exp(-$r * t)) / 2 - 0.1 * (exp($r * t) - exp(-$r * t)) / 2 / $r)" 1e-6 || { echo "  ($s)"; status=1; }
        closed_form "$D/D_$s.csv" x2 "exp(-t / 2) * 0.2 * (exp($r * t) - exp(-$r * t)) / 2 / $r" 1e-6 || { echo "  ($s)"; status=1; }
    else
        echo "FAIL: -s=$s"; status=1
    fi
done
exit $status
