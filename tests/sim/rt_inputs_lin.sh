#!/usr/bin/env bash
# Top-level inputs and linearization (issue 17, items 2 and 3).
# tests/models/InputDecay.mo, der(x) = -x + u, y = 2x + u, against closed forms: u from -csvInput (a ramp
# then a constant, interpolated; a step as two rows at the same time), and without it the start value
# 0.5 with a warning. tests/models/LinSys.mo linearized with -l=1 (inputs from -csvInput): x0 is the
# state the run reached, A, B, C, D the closed-form partial derivatives there, in OpenModelica's layout
# with the state, input and output names. Bad files and values are errors.
source tests/ref/lib.sh
. tests/rt/common.sh
PY=/usr/bin/python3
D=$OUT/rt_inputs_lin
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/InputDecay.mo -o "$D/decay" || exit 1
"$MO2C" tests/models/LinSys.mo -o "$D/lin" || exit 1
"$MO2C" tests/models/Decay.mo -o "$D/noinputs" || exit 1
cd "$D" || exit 1
RES=InputDecay_res.csv

# without -csvInput: the start value, and a warning
./decay -stopTime=2 > /dev/null 2> err.txt || fail "no -csvInput"
[ "$(cat err.txt)" = "warning: the input 'u' has no values (-csvInput=FILE gives them): it keeps its start value 0.5" ] ||
    fail "warning: $(cat err.txt)"
closed_form $RES x '0.5 * (1 - exp(-t))' 1e-6 || fail "x with u = 0.5"
closed_form $RES u '0.5' 0 || fail "u = 0.5"
# a ramp to t = 1, then 1: x = t - 1 + exp(-t), then 1 + (exp(-1) - 1) exp(-(t - 1)); y = 2x + u
printf '"time","u"\n0,0\n1,1\n3,1\n' > ramp.csv
./decay -stopTime=2 -csvInput=ramp.csv -tolerance=1e-9 > /dev/null 2> err.txt || fail "ramp"
[ ! -s err.txt ] || fail "ramp: stderr $(cat err.txt)"
closed_form $RES u '(t < 1 ? t : 1)' 1e-12 || fail "u ramp"
closed_form $RES x '(t < 1 ? t - 1 + exp(-t) : 1 + (exp(-1) - 1) * exp(-(t - 1)))' 1e-6 || fail "x ramp"
closed_form $RES y '2 * (t < 1 ? t - 1 + exp(-t) : 1 + (exp(-1) - 1) * exp(-(t - 1))) + (t < 1 ? t : 1)' 2e-6 || fail "y ramp"
# a step at 0.5 (two rows with the same time), the value held after the last row
printf 'time,u\n0,0\n0.5,0\n0.5,1\n1,1\n' > step.csv
./decay -stopTime=2 -csvInput step.csv -tolerance=1e-9 > /dev/null || fail "step"
closed_form $RES x '(t < 0.5 ? 0 : 1 - exp(-(t - 0.5)))' 1e-5 || fail "x step"
# bad files
bad() { local want=$1; shift; local err; err=$(./decay "$@" 2>&1 >/dev/null); local rc=$?
    [ $rc = 1 ] || fail "$*: exit status $rc"; [ "$(head -1 <<<"$err")" = "$want" ] || fail "$*: '$(head -1 <<<"$err")', want '$want'"; }
printf 'u,time\n0,0\n' > order.csv
bad "error: -csvInput: order.csv:1: the first column must be time, not 'u'" -csvInput=order.csv
printf 'time,u,v\n0,0,0\n' > extra.csv
bad "error: -csvInput: extra.csv:1: no top-level input of the model is named 'v'" -csvInput=extra.csv
printf 'time,u\n0,0\n1,x\n' > nan.csv
bad "error: -csvInput: nan.csv:3: not a decimal number: 'x'" -csvInput=nan.csv
printf 'time,u\n1,0\n0,1\n' > back.csv
bad "error: -csvInput: back.csv:3: the time goes back" -csvInput=back.csv
printf 'time,u\n0,1,2\n' > wide.csv
bad "error: -csvInput: wide.csv:2: more values than the header has names" -csvInput=wide.csv
printf 'time,u\n0\n' > narrow.csv
bad "error: -csvInput: narrow.csv:2: too few values in the row" -csvInput=narrow.csv
printf 'time,u\n' > empty.csv
bad "error: -csvInput: empty.csv:1: no rows of values" -csvInput=empty.csv
bad "error: -csvInput: cannot read 'none.csv': No such file or directory" -csvInput=none.csv
err=$(./noinputs -csvInput=ramp.csv 2>&1 >/dev/null); [ "$err" = "error: -csvInput: the model has no top-level inputs" ] || fail "no inputs: $err"

# -l: LinSys at t = 1 with u = 0.7 (w has no column: 0)
printf 'time,u\n0,0.7\n5,0.7\n' > lu.csv
./lin -csvInput=lu.csv -l=1 -tolerance=1e-10 > out.txt 2> err.txt || fail "-l: $(cat err.txt)"
grep -qx "The linear model at time 1 was written to 'linearized_model.mo'." out.txt || fail "-l stdout: $(cat out.txt)"
"$PY" - <<'PY' || fail "linearized_model.mo"
import re, math, csv
text = open("linearized_model.mo").read()
def vec(name):
    return [float(v) for v in re.search(r"parameter Real %s\[\w\] = \{([^}]*)\};" % name, text).group(1).split(",")]
def mat(name):
    body = re.search(r"parameter Real %s\[\w, \w\] =\n\t\[(.*?)\];" % name, text, re.S).group(1)
    return [[float(v) for v in row.split(",")] for row in body.replace("\n\t", "").split(";")]
x1, x2 = vec("x0"); u, w = vec("u0"); k = 2
rows = list(csv.DictReader(open("LinSys_res.csv")))
assert abs(float(rows[-1]["time"]) - 1) < 1e-15 and abs(float(rows[-1]["x1"]) - x1) < 1e-15 and abs(float(rows[-1]["x2"]) - x2) < 1e-15
assert (u, w) == (0.7, 0.0), (u, w)
want = {"A": [[0, 1], [-k * math.cos(x1) + u, -0.5]], "B": [[0, 0], [x1, 1]],
        "C": [[2 * x1, 0], [0, u]], "D": [[3, 0], [x2, 1]]}
for name, m in want.items():
    got = mat(name)
    err = max(abs(g - e) for gr, er in zip(got, m) for g, e in zip(gr, er))
    assert err < 1e-6, (name, got, m)
for line in ["model linearized_model \"LinSys\"", "  parameter Integer n = 2 \"number of states\";",
             "  parameter Integer m = 2 \"number of inputs\";", "  parameter Integer p = 2 \"number of outputs\";",
             "  Real x[n](start=x0);", "  input Real u[m](start=u0);", "  output Real y[p];",
             "  Real 'x_x1' = x[1];", "  Real 'x_x2' = x[2];", "  Real 'u_u' = u[1];", "  Real 'u_w' = u[2];",
             "  Real 'y_y1' = y[1];", "  Real 'y_y2' = y[2];", "equation", "  der(x) = A * x + B * u;",
             "  y = C * x + D * u;", "end linearized_model;"]:
    assert line in text.split("\n"), line
PY
# without inputs and outputs: zeros() for B, C, D; the file in -outputPath's directory
mkdir lin_out
./noinputs -l=0.5 -outputPath=lin_out > /dev/null || fail "-l without inputs"
for line in "  parameter Real B[n, m] = zeros(n, m);" "  parameter Real C[p, n] = zeros(p, n);" \
            "  parameter Real u0[m] = zeros(0);" "  input Real u[m];" "  Real 'x_x' = x[1];" "  parameter Real A[n, n] ="; do
    grep -qxF "$line" lin_out/linearized_model.mo || fail "no line '$line' in $(cat lin_out/linearized_model.mo)"
done
grep -A1 'parameter Real A' lin_out/linearized_model.mo | tail -1 | grep -qx $'\t\\[-1\\(\\.0*[0-9]*\\)\\?\\];' || fail "A of Decay: $(cat lin_out/linearized_model.mo)"
err=$(./lin -l=soon 2>&1 >/dev/null); [ "$err" = "error: -l: invalid number 'soon'" ] || fail "-l=soon: $err"
err=$(./lin -l=-1 2>&1 >/dev/null | grep error); [ "$err" = "error: -l: the time -1 is before startTime 0" ] || fail "-l=-1: $err"
echo ok
