#!/usr/bin/env bash
# The library examples' references under tests/regression/Modelica are what tests/ref/lib_ref computes
# from hand-derived equations (closed forms, matrix exponentials, rk8pd; it self-tests each model):
# regenerated here, every CSV compared to 1e-12 on every signal and every comparisonSignals.txt
# byte for byte. Also: every example under models/Modelica/**/Examples has a reference directory, and
# every reference directory under tests/regression/Modelica comes from the generator, on the output grid
# of the model's experiment (half its Interval).
source tests/ref/lib.sh
build_ref_tools || exit 1
build_ref lib_ref tests/ref/lib_ref_mech.c tests/ref/lib_ref_other.c || exit 1
D=$OUT/lib_refs
rm -rf "$D"; mkdir -p "$D"
R=tests/regression
status=0
mapfile -t models < <("$REFBIN/lib_ref" --list)
[ ${#models[@]} -ge 14 ] || { echo "FAIL: only ${#models[@]} models"; status=1; }
for m in "${models[@]}"; do
    rel=${m//.//}; base=${m##*.}
    mkdir -p "$D/$rel"
    "$REFBIN/lib_ref" "$m" "$D/$rel" 2>/dev/null || { echo "FAIL $m: lib_ref failed (self-test?)"; status=1; continue; }
    if ! cmp -s "$D/$rel/comparisonSignals.txt" "$R/$rel/comparisonSignals.txt"; then
        echo "FAIL $m: comparisonSignals.txt differs from the generator's"; status=1; continue; fi
    gen_rows=$(wc -l < "$D/$rel/$base.csv"); ref_rows=$(wc -l < "$R/$rel/$base.csv")
    [ "$gen_rows" -eq "$ref_rows" ] || { echo "FAIL $m: $ref_rows lines, generator $gen_rows"; status=1; }
    # the grid is half the model's Interval over [StartTime, StopTime] (the experiment annotation)
    want=$(grep -o 'experiment([^)]*)' "models/$rel.mo" | python3 -c '
import re, sys
e = dict(re.findall(r"(\w+) = ([0-9.eE+-]+)", sys.stdin.read()))
print(round(2 * (float(e["StopTime"]) - float(e["StartTime"])) / float(e["Interval"])) + 2)')
    # plus one row for each event that falls on the grid (the row before the event repeats its time)
    events=$(awk -F, 'NR > 2 && $1 == prev { c++ } { prev = $1 } END { print c + 0 }' "$D/$rel/$base.csv")
    want=$((want + events))
    [ "$gen_rows" -eq "$want" ] || { echo "FAIL $m: $gen_rows lines, the experiment asks for $want"; status=1; }
    mapfile -t sigs < <(tail -n +2 "$D/$rel/comparisonSignals.txt")
    if out=$("$REFBIN/csvcmp" --abs 1e-12 "$D/$rel/$base.csv" "$R/$rel/$base.csv" "${sigs[@]}"); then
        echo "ok   $m: ${#sigs[@]} signals, $((gen_rows - 1)) rows agree to 1e-12"
    else
        echo "FAIL $m:"; grep FAIL <<<"$out"; status=1
    fi
done
# coverage both ways: the examples in models/ and the reference directories
while IFS= read -r f; do
    m=${f#models/}; m=${m%.mo}; m=${m//\//.}
    [ -d "$R/${m//.//}" ] || { echo "FAIL: example $m has no reference in $R"; status=1; }
done < <(find models/Modelica -path '*/Examples/*.mo' ! -name package.mo | sort)
while IFS= read -r dir; do
    m=${dir#$R/}; m=${m//\//.}
    printf '%s\n' "${models[@]}" | grep -qxF "$m" || { echo "FAIL: $dir is not made by tests/ref/lib_ref"; status=1; }
done < <(find $R/Modelica -name comparisonSignals.txt -printf '%h\n' | sort)
exit $status
