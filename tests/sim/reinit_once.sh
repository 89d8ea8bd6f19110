#!/usr/bin/env bash
# Legal reinit uses that the check of 8.3.6 (one when-equation per reinitialized variable, once per
# clause: tests/errors/reinit_*.mo) must keep: the when and elsewhen branches of one when-equation each
# reinit x, a for-equation in one clause reinits y[1] and y[2], each instance of a class reinits its own
# state. Closed forms (der = 1 everywhere): x = t on [0, 1), t - 1 on [1, 1.5), t - 2.5 on [1.5, 3.5),
# t - 3.5 after; y[i] = t before 0.5, t + i - 0.5 after; u[k].z = t mod 0.75. Rows within 1e-4 of an
# event (before and after rows share its time) are not judged.
source tests/ref/lib.sh
D=$OUT/reinit_once
rm -rf "$D"; mkdir -p "$D"
build_sim tests/models/ReinitOnce.mo ReinitOnce Legal -stopTime=4 -stepSize=0.1 || exit 1
near='function near(t, e) { return (t - e < 1e-4 && e - t < 1e-4) }'
awk -F, "$near"'
    function col(n) { return c[n] ? $c[n] : "missing" }
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { t = $1
      if (near(t, 0.5) || near(t, 1) || near(t, 1.5) || near(t, 3.5)) next
      skipz = 0; for (k = 1; k <= 5; k++) if (near(t, 0.75 * k)) skipz = 1
      x = t < 1 ? t : t < 1.5 ? t - 1 : t < 3.5 ? t - 2.5 : t - 3.5
      want["\"x\""] = x
      want["\"y[1]\""] = t < 0.5 ? t : t + 0.5
      want["\"y[2]\""] = t < 0.5 ? t : t + 1.5
      if (!skipz) { z = t - 0.75 * int(t / 0.75); want["\"u[1].z\""] = z; want["\"u[2].z\""] = z }
      for (n in want) {
          v = col(n)
          if (v == "missing") { print "FAIL: no column " n; bad = 1; exit 1 }
          d = v - want[n]; if (d < 0) d = -d
          if (d > 1e-5) { printf "FAIL: %s at t=%s is %s, closed form %s\n", n, t, v, want[n]; bad = 1 }
      }
      delete want; rows++ }
    END { if (!bad && rows < 30) { print "FAIL: only " rows " rows judged"; bad = 1 } exit bad }' "$D/Legal.csv"
