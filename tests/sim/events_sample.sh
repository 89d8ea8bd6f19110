#!/usr/bin/env bash
# sample() fires once per tick, also when another event falls within the tick's tolerance: the event of
# "time > 0.3" one ulp after the tick 0.3, the time event "time >= 0.5" on the tick 0.5, and the located
# state event "w > 0.7" (der(w) = 1, so at t = 0.7) on the tick 0.7. Closed form: after each event the
# counter k equals the number of ticks 0, 0.1, ... not after t (11 at t = 1); just before a tick one less.
set -u
D=$OUT/events_sample
rm -rf "$D"; mkdir -p "$D"
cat > "$D/Sample.mo" <<'MO'
model Sample
  Integer k(start = 0, fixed = true);
  Integer c(start = 0, fixed = true);
  Real x(start = 0, fixed = true);
  Real z(start = 0, fixed = true);
  Real w(start = 0, fixed = true);
equation
  der(x) = if time > 0.3 then 1 else 0;
  der(z) = if time >= 0.5 then 1 else 0;
  der(w) = 1;
  when sample(0, 0.1) then
    k = pre(k) + 1;
  end when;
  when w > 0.7 then
    c = pre(c) + 1;
  end when;
end Sample;
MO
"$MO2C" "$D/Sample.mo" -o "$D/sample" || exit 1
status=0
log=$(cd "$D" && ./sample -r=res.csv 2>&1) || { echo "simulation failed: $log"; exit 1; }
# columns by name
awk -F, '
NR == 1 { for (i = 1; i <= NF; i++) { gsub(/"/, "", $i); col[$i] = i }; next }
{
    t = $col["time"]; k = $col["k"]; n = int(t / 0.1 + 1e-9) + 1;   # ticks not after t
    near = (t / 0.1 - int(t / 0.1 + 0.5)) ^ 2 < 1e-18;               # t on a tick (or an ulp off)
    if (!(k == n || (near && k == n - 1))) { printf "t=%s: k=%s, expected %d\n", t, k, n; bad = 1 }
    last_k = k; last_c = $col["c"]; last_x = $col["x"]; last_z = $col["z"]; last_t = t
}
END {
    if (last_t != 1 || last_k != 11) { printf "at t=%s: k=%s, expected 11 at t=1\n", last_t, last_k; bad = 1 }
    if (last_c != 1) { printf "c=%s at the end, expected 1 (one crossing of w > 0.7)\n", last_c; bad = 1 }
    d1 = last_x - 0.7; d2 = last_z - 0.5
    if (d1 * d1 > 1e-12 || d2 * d2 > 1e-12) { printf "x=%s z=%s, expected 0.7 and 0.5\n", last_x, last_z; bad = 1 }
    exit bad
}' "$D/res.csv" || status=1
# every tick seen exactly once: the distinct values of k in time order are 1 .. 11
seq_k=$(awk -F, 'NR > 1 { print $2 }' "$D/res.csv" | uniq | tr '\n' ' ')
[ "$seq_k" = "1 2 3 4 5 6 7 8 9 10 11 " ] || { echo "k took the values: $seq_k"; status=1; }
exit $status
