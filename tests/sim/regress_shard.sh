#!/usr/bin/env bash
# mo2c regress --shard K/N: models sorted by name, model i (0-based) goes to share i mod N + 1; the
# shares are disjoint and cover the batch, for N = 1..4 and a batch of 7 fake models (no sources, so
# each fails at once with "model not found": only the arithmetic is under test). Each share's JUnit
# file is well-formed XML with its own testcases, and the shares' files together hold every model once.
set -u
: "${MO2C:=$PWD/build/mo2c}" "${OUT:=$PWD/tests/out}"
D=$OUT/regress_shard
rm -rf "$D"; mkdir -p "$D"
names=(A.M3 A.B.M1 Z.M7 A.B.M2 C.M4 C.D.M5 C.D.M6)
for n in "${names[@]}"; do
    dir=$D/lay/${n//.//}; mkdir -p "$dir"; printf 'time\nx\n' > "$dir/comparisonSignals.txt"
done
sorted=$(printf '%s\n' "${names[@]}" | LC_ALL=C sort)
status=0
for N in 1 2 3 4; do
    all=""
    for K in $(seq 1 "$N"); do
        out=$("$MO2C" regress "$D/lay" --shard "$K/$N" -j 3 --junit "$D/j$K.xml"); rc=$?
        got=$(grep -E '^(PASS|FAIL)' <<<"$out" | awk '{print $2}' | tr -d ':')
        want=$(awk -v k="$K" -v n="$N" '(NR - 1) % n + 1 == k' <<<"$sorted")
        count=$(grep -c . <<<"$want")
        if [ "$got" != "$want" ]; then
            echo "FAIL shard $K/$N: got [$(echo $got)], expected [$(echo $want)]"; status=1; fi
        if [ "$count" -gt 0 ] && [ $rc -ne 1 ]; then echo "FAIL shard $K/$N: exit $rc, expected 1"; status=1; fi
        grep -qF "shard $K/$N: $count of 7 models" <<<"$out" || { echo "FAIL shard $K/$N header: $out"; status=1; }
        all+="$got"$'\n'
    done
    if [ "$(grep . <<<"$all" | LC_ALL=C sort)" != "$sorted" ]; then
        echo "FAIL N=$N: the shares do not cover the batch exactly once"; status=1
    else echo "ok   N=$N: $N disjoint shares cover the 7 models"; fi
    python3 - "$N" "$D" <<'PY' || status=1
import sys, xml.etree.ElementTree as ET
n, d = int(sys.argv[1]), sys.argv[2]
names = []
for k in range(1, n + 1):
    root = ET.parse(f"{d}/j{k}.xml").getroot()
    suite = root.find("testsuite")
    assert suite.get("name") == f"mo2c regress shard {k}/{n}", suite.get("name")
    cases = suite.findall("testcase")
    assert int(suite.get("tests")) == len(cases) == int(suite.get("failures"))
    assert all(c.find("failure") is not None and "model not found" in c.find("failure").get("message") for c in cases)
    names += [c.get("name") for c in cases]
assert sorted(names) == sorted(["A.M3", "A.B.M1", "Z.M7", "A.B.M2", "C.M4", "C.D.M5", "C.D.M6"]), names
print(f"ok   N={n}: the shares' JUnit files are well-formed and hold every model once")
PY
done
exit $status
