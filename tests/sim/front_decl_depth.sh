#!/usr/bin/env bash
# Declarations that depend on later ones are instantiated on demand, recursively; the depth is bounded so
# that a long chain is a clear error rather than a stack overflow: 1500 parameters declared in reverse
# order of their dependencies flatten, 2500 give the error at the declaration where the bound is hit.
set -u
D=$OUT/front_decl_depth
rm -rf "$D"; mkdir -p "$D"
gen() { # n file
    awk -v n="$1" 'BEGIN { print "model Rev"; for (i = 1; i < n; i++) printf "  parameter Real p%d = p%d + 1;\n", i, i + 1;
        printf "  parameter Real p%d = 0;\nend Rev;\n", n }' > "$2"
}
gen 1500 "$D/Rev1500.mo"
out=$("$MO2C" --flat "$D/Rev1500.mo" 2>&1) || { echo "FAIL: 1500 levels: $out" | head -5; exit 1; }
grep -q '^  parameter Real p1 = p2 + 1;$' <<<"$out" || { echo "FAIL: p1 missing"; exit 1; }
gen 2500 "$D/Rev2500.mo"
err=$("$MO2C" --flat "$D/Rev2500.mo" 2>&1 >/dev/null); rc=$?
[ $rc -eq 1 ] || { echo "FAIL: exit status $rc, expected 1"; exit 1; }
want="$D/Rev2500.mo:2002:18: error: declarations depend on each other more than 2000 levels deep here; declare them in the order of their dependencies"
grep -qF "$want" <<<"$err" || { echo "FAIL: missing: $want"; echo "$err" | head -5; exit 1; }
echo "ok: 1500 levels flatten, 2500 stop with the bound's error"
