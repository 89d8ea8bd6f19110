#!/usr/bin/env bash
# A note naming an equation prints at most its first 300 bytes, then " ..." (daeutil.c mo_dae_eq_brief):
# an unbalanced model whose flow sum has 20,001 terms (20,000 components connected to one) wrote a
# 290 KB message (3 MB at 200,000), the error line buried under it. The notes must still name both
# equations, the long one by its first terms.
set -u
: "${MO2C:?}" "${OUT:?}"   # (set by tests/run.sh)
D=$OUT/diag_long_equation; rm -rf "$D"; mkdir -p "$D"
cat > "$D/Unbal.mo" <<'MO'
package Long
  connector C
    Real e;
    flow Real f;
  end C;
  model P
    C c;
  equation
    c.f = c.e * time;
  end P;
  model Unbal
    parameter Integer N = 20000;
    P p[N];
    P q;
  equation
    for i in 1:N loop
      connect(p[i].c, q.c);
    end for;
    q.c.e = 1;
    q.c.e = time;
  end Unbal;
end Long;
MO
err=$("$MO2C" "$D/Unbal.mo" Long.Unbal -o "$D/u" 2>&1 >/dev/null); rc=$?
[ $rc = 1 ] || { echo "FAIL: exit status $rc, expected 1"; exit 1; }
grep -q "error: the model has 20003 equations but 20001 unknowns" <<<"$err" || { echo "FAIL: no count error"; exit 1; }
grep -q "note: equation '1 = time' is not matched" <<<"$err" || { echo "FAIL: no note of '1 = time'"; exit 1; }
grep -q "note: equation 'p\[1\].c.f + q.c.f + p\[2\].c.f + .* \.\.\.' is not matched" <<<"$err" ||
    { echo "FAIL: the flow sum's note is not its first terms then ' ...'"; echo "${err:0:2000}"; exit 1; }
[ ${#err} -lt 2000 ] || { echo "FAIL: ${#err} bytes of messages, expected under 2000"; exit 1; }
exit 0
