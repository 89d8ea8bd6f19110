#!/usr/bin/env bash
# tests/models/FunctionInlineArrays.mo: index reduction differentiates calls of functions with array and
# record outputs through their bodies, and uses a second derivative annotation (closed forms in the model
# file's comments).
#   Circle  p = 2 {cos t, sin t}, v = 2 {-sin t, cos t}, a = -p, om = {1, 2}, dom = 0
#   Move    s = 0, v = 0, acc = 1, f = 2 (the annotations' values, though s is constant)
#   ComplexSum  a.re = 0.2 cos t + 0.4 sin t - 0.2 e^(-t/2), a.im = -0.4 cos t + 0.2 sin t + 0.4 e^(-t/2),
#               b = (sin t, 1 - cos t) - a
#   Blend   ds = d/dt smoothStep(t - 0.5, {t, 2t}, {3t, 4}, 0.2) by hand: y1' for x > 0.2, y2' for x < -0.2,
#           else (3 u^2 - 3) 5 (y2 - y1)/4 + u (u^2 - 3)(y2' - y1')/4 + (y1' + y2')/2 with u = x/0.2
set -u
# (the columns are chosen with -variableFilter: a name like F.T[1,1] holds a comma, which awk would split)
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/function_inline_arrays
rm -rf "$D"; mkdir -p "$D"
F=tests/models/FunctionInlineArrays.mo
status=0
"$MO2C" "$F" FunctionInlineArrays.Circle -o "$D/circle" || exit 1
(cd "$D" && ./circle -stopTime=3 -tolerance=1e-10 -r=circle.csv '-variableFilter=time|p.*|v.*|a.*|d?om.*' >circle.out 2>&1) || { echo "Circle: $(cat "$D/circle.out")"; status=1; }
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { g = $i; gsub(/"/, "", g); c[g] = i }; next }
    { t = $1; n++
      want["p[1]"] = 2*cos(t); want["p[2]"] = 2*sin(t); want["v[1]"] = -2*sin(t); want["v[2]"] = 2*cos(t)
      want["a[1]"] = -2*cos(t); want["a[2]"] = -2*sin(t); want["om[1]"] = 1; want["om[2]"] = 2
      want["dom[1]"] = 0; want["dom[2]"] = 0
      for (k in want) { if (!(k in c)) { print "Circle: no column " k; bad = 1; exit 1 }
        e = $(c[k]) - want[k]; if (e < 0) e = -e
        if (e > 1e-6) { print "Circle: " k " = " $(c[k]) " at t = " t ", not " want[k]; bad = 1; exit 1 } } }
    END { if (!bad && n < 100) { print "Circle: only " n " rows"; exit 1 } if (bad) exit 1 }' "$D/circle.csv" || status=1
"$MO2C" "$F" FunctionInlineArrays.Move -o "$D/move" || exit 1
(cd "$D" && ./move -r=move.csv >move.out 2>&1) || { echo "Move: $(cat "$D/move.out")"; status=1; }
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { g = $i; gsub(/"/, "", g); c[g] = i }; next }
    { n++; want["s"] = 0; want["v"] = 0; want["acc"] = 1; want["f"] = 2
      for (k in want) { if (!(k in c)) { print "Move: no column " k; bad = 1; exit 1 }
        e = $(c[k]) - want[k]; if (e < 0) e = -e
        if (e > 1e-12) { print "Move: " k " = " $(c[k]) " at t = " $1 ", not " want[k]; bad = 1; exit 1 } } }
    END { if (!bad && n < 100) { print "Move: only " n " rows"; exit 1 } if (bad) exit 1 }' "$D/move.csv" || status=1
"$MO2C" --units=off "$F" FunctionInlineArrays.ComplexSum -o "$D/csum" || exit 1
(cd "$D" && ./csum -stopTime=3 -tolerance=1e-10 -r=csum.csv >csum.out 2>&1) || { echo "ComplexSum: $(cat "$D/csum.out")"; status=1; }
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { g = $i; gsub(/"/, "", g); c[g] = i }; next }
    { t = $1; n++; x = exp(-t/2)
      want["a.re"] = 0.2*cos(t) + 0.4*sin(t) - 0.2*x; want["a.im"] = -0.4*cos(t) + 0.2*sin(t) + 0.4*x
      want["b.re"] = sin(t) - want["a.re"]; want["b.im"] = 1 - cos(t) - want["a.im"]
      for (k in want) { if (!(k in c)) { print "ComplexSum: no column " k; bad = 1; exit 1 }
        e = $(c[k]) - want[k]; if (e < 0) e = -e
        if (e > 1e-6) { print "ComplexSum: " k " = " $(c[k]) " at t = " t ", not " want[k]; bad = 1; exit 1 } } }
    END { if (!bad && n < 100) { print "ComplexSum: only " n " rows"; exit 1 } if (bad) exit 1 }' "$D/csum.csv" || status=1
"$MO2C" "$F" FunctionInlineArrays.Blend -o "$D/blend" || exit 1
(cd "$D" && ./blend -tolerance=1e-10 -r=blend.csv >blend.out 2>&1) || { echo "Blend: $(cat "$D/blend.out")"; status=1; }
awk -F, 'function d(y1, y2, d1, d2) { return x > 0.2 ? d1 : x < -0.2 ? d2 : (3*u*u - 3)*5*(y2 - y1)/4 + u*(u*u - 3)*(d2 - d1)/4 + (d1 + d2)/2 }
    NR == 1 { for (i = 1; i <= NF; i++) { g = $i; gsub(/"/, "", g); c[g] = i }; next }
    { t = $1; n++; x = t - 0.5; u = x/0.2
      want["ds[1]"] = d(t, 3*t, 1, 3); want["ds[2]"] = d(2*t, 4, 2, 0)
      for (k in want) { if (!(k in c)) { print "Blend: no column " k; bad = 1; exit 1 }
        e = $(c[k]) - want[k]; if (e < 0) e = -e
        if (e > 1e-6) { print "Blend: " k " = " $(c[k]) " at t = " t ", not " want[k]; bad = 1; exit 1 } } }
    END { if (!bad && n < 100) { print "Blend: only " n " rows"; exit 1 } if (bad) exit 1 }' "$D/blend.csv" || status=1
exit $status
