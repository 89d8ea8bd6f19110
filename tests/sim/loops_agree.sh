#!/usr/bin/env bash
# Loops over repeated equations (codegen_loops.c) compute what the scalar code computes: the regression
# suite (tests/regression) and models made of many repeated units (an array chain of 40 units, a rod
# of 50 cells, a chain of 30 units declared one by one: clones, the 12 x 12 distribution network of
# bench/gen_scalable.sh, whose linear loop's statements are loops too) are built with --no-loops, their
# results written as references (mo2c regress --update), then built with loops and compared inside a
# tube of 1e-12, with the default integrator and with cvode (which calls the derivatives from its
# Jacobian's finite differences and the sparse Jacobian). The repeated models must really have loops:
# their C has "for (int mo_i", the clones' bindings of per-unit values a table, and the C of the 40-unit
# chain is smaller with loops than without. An
# error inside a loop names its own repetition's equation. A 200-unit model, whose variable table is
# built by loops too (as are its where strings and its sparse Jacobian's pattern), writes the same MAT
# file both ways, with the default integrator and with cvode.
set -u
: "${OUT:=$PWD/tests/out}" "${MO2C:=$PWD/build/mo2c}"
D=$OUT/loops_agree
rm -rf "$D"; mkdir -p "$D"
status=0
cp -r tests/regression "$D/all"
rm -f "$D/all/README.md"
# the repeated models, each in a directory of its own as reference results are laid out
rep() { # NAME SIGNALS... ; the model text on stdin
    local m=$1; shift
    mkdir -p "$D/rep/$m" && cat > "$D/rep/$m/$m.mo" && printf '%s\n' time "$@" > "$D/rep/$m/comparisonSignals.txt"
}
echo 'model LoopChain extends ChainArray(N = 40); end LoopChain;' |
    rep LoopChain 'inertia[1].phi' 'inertia[20].w' 'inertia[40].phi' 'spring[10].tau' 'damper[33].tau'
echo 'model LoopRod extends Rod(N = 50); end LoopRod;' | rep LoopRod 'T[1]' 'T[25]' 'T[50]' E Tmean
bash bench/gen_chain.sh 30 | sed 's/^model Chain30/model LoopClones/; s/^end Chain30;/end LoopClones;/' |
    rep LoopClones inertia1.phi inertia15.w inertia30.phi spring7.tau
bash bench/gen_scalable.sh network array 12 | sed 's/DistributionSystem_array_12/LoopNetwork/' |
    rep LoopNetwork 'source.i' 'primary[6].i' 'secondary[12,12].v' 'load[7,3].i' 'load[12,12].v'
cp -r "$D/rep/." "$D/all/"
for m in LoopChain LoopRod LoopClones LoopNetwork; do
    "$MO2C" --emit-c -L tests/models "$D/rep/$m/$m.mo" -o "$D/$m.c" || { echo "FAIL: $m does not compile"; status=1; continue; }
    grep -q 'for (int mo_i' "$D/$m.c" || { echo "FAIL: the C of $m has no loop"; status=1; }
done
# the network's secondary lines are a loop of loops (codegen_loops.c's second level)
grep -q 'for (int mo_j' "$D/LoopNetwork.c" || { echo "FAIL: the C of LoopNetwork has no loop of loops"; status=1; }
"$MO2C" --emit-c --no-loops -L tests/models "$D/rep/LoopChain/LoopChain.mo" -o "$D/LoopChain_scalar.c"
grep -q 'for (int mo_i' "$D/LoopChain_scalar.c" && { echo "FAIL: --no-loops wrote a loop"; status=1; }
# the clones' parameters differ from unit to unit (c = 1 + mod(i, 7), ...): their bindings are one loop
# over a table of the values (codegen_loops.c), which the 1e-12 agreement below checks
grep -q 'static const double mo_v[0-9]*\[' "$D/LoopClones.c" || { echo "FAIL: LoopClones' bindings have no table"; status=1; }
a=$(stat -c %s "$D/LoopChain.c"); b=$(stat -c %s "$D/LoopChain_scalar.c")
[ "$a" -lt "$b" ] || { echo "FAIL: LoopChain's C is $a bytes with loops, $b without"; status=1; }

# a run-time error inside a loop names the equation of its own repetition (a table of where strings)
"$MO2C" -L tests/models "$D/rep/LoopChain/LoopChain.mo" -o "$D/LoopChain" || status=1
msg=$(cd "$D" && ./LoopChain -override='inertia[25].J=0' 2>&1)
grep -q 'division by zero in equation .*Inertia.mo:13: inertia\[25\]\.J \* der(inertia\[25\]\.w)' <<<"$msg" ||
    { echo "FAIL: the error of inertia[25] says: $msg"; status=1; }

# a model of 200 units (2800 variables) has its variable table built by loops (fill_vars,
# codegen_vars.c): both builds must write the same MAT file, every name, parameter and value
echo 'model LoopBig extends ChainArray(N = 200); end LoopBig;' > "$D/LoopBig.mo"
"$MO2C" -L tests/models "$D/LoopBig.mo" -o "$D/big" && "$MO2C" -L tests/models --no-loops "$D/LoopBig.mo" -o "$D/big_s" ||
    { echo "FAIL: LoopBig does not build"; status=1; }
"$MO2C" -L tests/models --emit-c "$D/LoopBig.mo" -o "$D/big.c" && grep -q '^static void fill_vars(void)' "$D/big.c" ||
    { echo "FAIL: LoopBig's table is not built by fill_vars"; status=1; }
for b in big big_s; do
    (cd "$D" && ./$b -r=$b.mat -emit_protected -override='spring[150].c=3,inertia[7].w=0.5' >/dev/null) ||
        { echo "FAIL: $b does not run"; status=1; }
done
cmp -s "$D/big.mat" "$D/big_s.mat" || { echo "FAIL: LoopBig's results differ with and without loops"; status=1; }
# cvode takes the sparse Jacobian, whose pattern tables fill_jac() builds by loops (codegen_jacsparse.c)
grep -q '^static void fill_jac(void)' "$D/big.c" || { echo "FAIL: LoopBig's Jacobian tables are not filled by loops"; status=1; }
for b in big big_s; do
    (cd "$D" && ./$b -s=cvode -r=${b}_cvode.mat >/dev/null) || { echo "FAIL: $b -s=cvode does not run"; status=1; }
done
cmp -s "$D/big_cvode.mat" "$D/big_s_cvode.mat" || { echo "FAIL: LoopBig's cvode results differ with and without loops"; status=1; }
grep -q '^const char \*mo_W\[' "$D/big.c" || { echo "FAIL: LoopBig's where strings are not mo_W"; status=1; }
msg=$(cd "$D" && ./big -override='inertia[150].J=0' 2>&1)
grep -q 'division by zero in equation .*Inertia.mo:13: inertia\[150\]\.J \* der(inertia\[150\]\.w)' <<<"$msg" ||
    { echo "FAIL: the error of inertia[150] says: $msg"; status=1; }

agree() { # DIR [SOLVER]
    local dir=$1 solver=${2:-} n out
    n=$(find "$dir" -name comparisonSignals.txt | wc -l)
    out=$("$MO2C" regress "$dir" -L tests/models -j 2 --no-loops --update ${solver:+--solver $solver})
    [ "$(tail -1 <<<"$out")" = "$n passed, 0 failed" ] || { echo "FAIL: --no-loops --update $solver:"; grep -v '^PASS' <<<"$out"; status=1; return; }
    out=$("$MO2C" regress "$dir" -L tests/models -j 2 --tol 1e-12 ${solver:+--solver $solver})
    if [ "$(tail -1 <<<"$out")" = "$n passed, 0 failed" ]; then
        echo "ok   $n models agree to 1e-12${solver:+ with $solver}"
    else
        echo "FAIL: loops and --no-loops differ${solver:+ with $solver}:"; grep -v '^PASS' <<<"$out"; status=1
    fi
}
agree "$D/all"
agree "$D/rep" cvode
exit $status
