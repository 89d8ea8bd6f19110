#!/usr/bin/env bash
# Large models: the emitted C is cut into bounded functions (compiler/codegen/codegen_split.c), and the cut code
# computes the same trajectory. The 120-unit chain of bench/gen_chain.sh (240 states, about 1600
# statements in rhs) must give rhs, initialize, init_params and the Jacobian's column body as parts
# (NAME_partK, marked MO2C_NOINLINE) of bounded length, compile with -Wall -Wextra -Wpedantic -Werror,
# and simulate inside the csv-compare tube of an independent accurate integration of the hand-derived
# chain (tests/ref/chain_ref.c), with the default explicit solver and with an implicit one that uses the
# generated Jacobian. The seed's small SMD keeps its single functions (no part at all). The parts are
# checked in the scalar code (--no-loops: with loops, rhs is a few loops and needs no parts); the
# simulations use the default code, loops included.
source tests/ref/lib.sh
build_ref_tools || exit 1
cc $REF_CFLAGS -o "$REFBIN/chain_ref" tests/ref/chain_ref.c -lgsl -lgslcblas -lm || exit 1
D=$OUT/gen_split
rm -rf "$D"; mkdir -p "$D"
N=120
bash bench/gen_chain.sh $N "$D/Chain$N.mo"
status=0
fail() { echo "FAIL: $*"; status=1; }

"$MO2C" "$D/Chain$N.mo" --emit-c --no-loops -o "$D/chain.c" || exit 1
cc -std=c11 -Wall -Wextra -Wpedantic -Werror -O2 -Iruntime -c -o "$D/chain.o" "$D/chain.c" || fail "cc -Werror"
for f in rhs initialize init_params jacobian; do
    k=$(grep -c "^static MO2C_NOINLINE int ${f}_part[0-9]*(" "$D/chain.c")
    [ "$k" -ge 2 ] || fail "$f: $k parts, expected at least 2"
    grep -q "^ *if (${f}_part0(" "$D/chain.c" || fail "$f does not call ${f}_part0"
done
# every function of the file is bounded (a part holds about 300 statements, each a few lines)
awk '/^static .*\)$/ { name = $0; start = NR } /^}$/ && name { if (NR - start > 1500) { print "too long (" NR - start " lines): " name; bad = 1 } name = "" }
     END { exit bad }' "$D/chain.c" || fail "a function over 1500 lines"

# 2000 states and no equation that can fail (no division, no text naming an equation): the C has no
# texts to place and still compiles warning-free (it left where_at unused)
printf 'model Wide\n  Real x[2000](each start = 1, each fixed = true);\nequation\n  der(x) = -x;\nend Wide;\n' > "$D/Wide.mo"
"$MO2C" "$D/Wide.mo" --emit-c -o "$D/wide.c" || exit 1
cc -std=c11 -Wall -Wextra -Wpedantic -Werror -O1 -Iruntime -c -o "$D/wide.o" "$D/wide.c" || fail "Wide: cc -Werror"

"$MO2C" models/ModelicaByExample/Components/Rotational/Examples/SMD.mo --emit-c -o "$D/SMD.c" || exit 1
if grep -q '_part[0-9]' "$D/SMD.c"; then fail "SMD was cut into parts"; fi

"$MO2C" "$D/Chain$N.mo" -o "$D/chain" || exit 1
"$REFBIN/chain_ref" $N "$D/ref.csv" 5 500 || exit 1
signals=$(head -1 "$D/ref.csv" | tr -d '"' | tr ',' ' ' | cut -d' ' -f2-)
simulate "$D" chain -stopTime=5 -stepSize=0.01 -outputFormat=csv -r=res.csv || exit 1
# shellcheck disable=SC2086
"$REFBIN/csvcmp" --tube 1e-3 "$D/ref.csv" "$D/res.csv" $signals || status=1
simulate "$D" chain -stopTime=5 -stepSize=0.01 -tolerance=1e-9 -outputFormat=csv -r=res9.csv || exit 1
# shellcheck disable=SC2086
"$REFBIN/csvcmp" --abs 1e-6 "$D/ref.csv" "$D/res9.csv" $signals || status=1
# an implicit stepper: the generated Jacobian (its parts) is what it uses
log=$(cd "$D" && timeout 300 ./chain -s=rk2imp -stopTime=5 -stepSize=0.01 -outputFormat=csv -r=resi.csv \
      -lv=LOG_STATS 2>&1)
grep -q "The simulation finished successfully." <<<"$log" || fail "rk2imp run: $log"
jac=$(sed -n 's/.*Jacobian evaluations: //p' <<<"$log")
[ "${jac:-0}" -gt 0 ] || fail "rk2imp made no Jacobian evaluation"
# shellcheck disable=SC2086
"$REFBIN/csvcmp" --tube 1e-3 "$D/ref.csv" "$D/resi.csv" $signals || status=1
exit $status
