#!/usr/bin/env bash
# Each error is printed once: a function with a mistake, called twice, is reported once (it was twice),
# with its notes once; the run still fails with exit status 1.
D=$OUT/diag_once; rm -rf "$D"; mkdir -p "$D"
cat > "$D/Twice.mo" <<'MO'
model Twice
  function f
    input Real u;
    output Real y;
  algorithm
    y := 2 * uu;
  end f;
  Real y1;
  Real y2;
equation
  y1 = f(1);
  y2 = f(2);
end Twice;
MO
err=$("$MO2C" --flat "$D/Twice.mo" 2>&1 >/dev/null); rc=$?
[ $rc = 1 ] || { echo "FAIL: exit status $rc, expected 1"; exit 1; }
n=$(grep -c "error: unknown variable 'uu'" <<<"$err")
m=$(grep -c "note: did you mean 'u'?" <<<"$err")
[ "$n" = 1 ] && [ "$m" = 1 ] || { echo "FAIL: the error $n times, its note $m times, not once:"; echo "$err"; exit 1; }
