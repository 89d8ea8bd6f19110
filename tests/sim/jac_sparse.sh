#!/usr/bin/env bash
# The sparse Jacobian (codegen_jacsparse.c) of models from 16 states: entry by entry equal to the
# generated dense one, nothing of the dense one outside its pattern, the diagonal present
# (tests/rt/jaccheck.c), for the chain declared unit by unit, the chain of component arrays and a model
# with a state whose derivative is a state; and
# -s=cvode takes it with KLU by default, its results equal to those with dense LU (same matrices).
source tests/ref/lib.sh
D=$OUT/jac_sparse
rm -rf "$D"; mkdir -p "$D"
status=0
bash bench/gen_chain.sh 60 "$D/Chain60.mo"
bash bench/gen_chain_array.sh 70 "$D/ChainArray70.mo"
# a state whose derivative is a state (der(der(x[1]))): its row is the other state's column
cat > "$D/StateChain.mo" <<'MO'
model StateChain
  parameter Integer N = 60;
  Real x[N](each start = 1, each fixed = true);
  Real v[N](each start = 0, each fixed = true);
equation
  v[1] = 0;
  der(der(x[1])) = -x[1] + 0.5*x[2];
  for i in 2:N loop
    der(x[i]) = v[i];
    der(v[i]) = -x[i] + 0.1*x[i - 1];
  end for;
end StateChain;
MO
for m in Chain60 ChainArray70 StateChain; do
    "$MO2C" -L models --emit-c "$D/$m.mo" -o "$D/$m.c" || exit 1
    cc -std=c11 -O1 -DGEN="\"$D/$m.c\"" -Iruntime -o "$D/jc_$m" tests/rt/jaccheck.c "$BUILD/libmo2crt.a" \
        -lgsl -lgslcblas -lm || exit 1
    out=$("$D/jc_$m"); echo "$m: $out"
    [[ $out == ok* ]] || status=1
done
"$MO2C" -L models "$D/Chain60.mo" -o "$D/chain" || exit 1
log=$(cd "$D" && ./chain -s=cvode -stopTime=10 -lv=LOG_SOLVER -r=klu.csv) || { echo "FAIL: cvode: $log"; exit 1; }
grep -q "120 states, linear solver KLU (generated sparse Jacobian)" <<<"$log" || { echo "FAIL: not KLU: $(grep integrator <<<"$log")"; status=1; }
simulate "$D" chain -s=cvode -idaLS=dense -stopTime=10 -r=dense.csv || exit 1
simulate "$D" chain -s=ida -stopTime=10 -r=ida.csv || exit 1
python3 - "$D" <<'PY' || status=1
import csv, sys
rd = lambda f: list(csv.reader(open(sys.argv[1] + "/" + f)))
a, b, c = rd("klu.csv"), rd("dense.csv"), rd("ida.csv")
assert len(a) == len(b) == len(c) and a[0] == b[0], "row or column counts differ"
m = max(abs(float(x) - float(y)) for ra, rb in zip(a[1:], b[1:]) for x, y in zip(ra, rb))
assert m < 1e-9, f"KLU and dense LU differ by {m}"
i = a[0].index('"inertia60.phi"') if '"inertia60.phi"' in a[0] else a[0].index("inertia60.phi")
e = max(abs(float(ra[i]) - float(rc[i])) for ra, rc in zip(a[1:], c[1:]))
assert e < 1e-3, f"cvode and ida differ by {e} on inertia60.phi"
print(f"ok   KLU = dense LU to {m:.1e}; ida within {e:.1e} of cvode")
PY
exit $status
