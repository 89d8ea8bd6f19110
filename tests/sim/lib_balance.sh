#!/usr/bin/env bash
# The bundled library's components and examples (models/Modelica: Blocks, Mechanics.Rotational and
# .Translational, Electrical.Analog, Thermal.HeatTransfer; not the Interfaces) flatten with
# `mo2c --flat` and are balanced:
#  - a component (a non-partial model or block outside Examples) is locally balanced (Modelica spec 4.7):
#    its equations, plus one per flow variable and per input of its top-level connectors, number as
#    many as its unknowns (the equations mo2c adds for unconnected flows are not counted);
#  - an example is globally balanced (equations = unknowns, with the unconnected-flow equations), has
#    no top-level input, and an experiment annotation with StartTime, StopTime, Interval and Tolerance;
#  - every class file has a description string and a Documentation(info=...) annotation.
set -u
: "${MO2C:=$PWD/build/mo2c}" "${OUT:=$PWD/tests/out}"
D=$OUT/lib_balance
rm -rf "$D"; mkdir -p "$D"
M=models/Modelica
dirs=($M/Blocks/Interfaces $M/Blocks/Sources
      $M/Mechanics/Rotational/{Components,Sources,Sensors,Examples}
      $M/Mechanics/Translational/{Components,Sources,Sensors,Examples}
      $M/Electrical/Analog/{Basic,Sources,Sensors,Examples}
      $M/Thermal/HeatTransfer/{Components,Sources,Examples})
status=0; ncomp=0; nex=0
for dir in "${dirs[@]}"; do
    for f in "$dir"/*.mo; do
        [ "$(basename "$f")" = package.mo ] && continue
        # the class line: "model|block|connector Name "description"" (or a short class with one)
        if ! grep -qE '^(partial )?(model|block|connector) [A-Za-z_0-9]+ *(=[^"]*)?"[^"]+"' "$f"; then
            echo "FAIL $f: no description string on the class line"; status=1; fi
        grep -q 'Documentation(info=' "$f" || { echo "FAIL $f: no Documentation(info=...)"; status=1; }
        grep -qE '^(partial |connector )' "$f" && continue
        grep -qE '^connector' "$f" && continue
        name=$(basename "$f" .mo)
        flat=$D/$name.$(echo "$dir" | tr '/' '_').flat
        if ! "$MO2C" --flat "$f" > "$flat" 2> "$flat.err"; then
            echo "FAIL $f: mo2c --flat failed:"; head -5 "$flat.err"; status=1; continue; fi
        case $dir in */Examples) kind=example; nex=$((nex + 1));; *) kind=component; ncomp=$((ncomp + 1));; esac
        python3 - "$flat" "$kind" "$f" <<'PY' || status=1
import re, sys
flat, kind, src = sys.argv[1:]
lines = open(flat).read().split("\n")
eq_at = lines.index("equation") if "equation" in lines else len(lines) - 1
decls = [l.strip() for l in lines[1:eq_at]]
unknowns = [l for l in decls if re.match(r"((flow|input|output|discrete) )*Real ", l)]
flows = [l for l in unknowns if l.startswith("flow ")]
top_inputs = [l for l in unknowns if re.match(r"input Real [A-Za-z_0-9]+[ (;]", l)]
eqs = [l for l in lines[eq_at + 1:] if l.startswith("  ") and not l.startswith("  annotation")]
added = [l for l in eqs if "unconnected flow" in l]
if kind == "component":
    local = len(eqs) - len(added) + len(flows) + len(top_inputs)
    ok = local == len(unknowns)
    print(f"{'ok  ' if ok else 'FAIL'} {src}: {len(unknowns)} unknowns, {len(eqs) - len(added)} equations"
          f" + {len(flows)} flows + {len(top_inputs)} inputs")
else:
    ann = "\n".join(lines[eq_at:])
    exp = re.search(r"experiment\(([^)]*)\)", ann)
    keys = set(re.findall(r"(\w+) =", exp.group(1))) if exp else set()
    ok = len(eqs) == len(unknowns) and not top_inputs and keys >= {"StartTime", "StopTime", "Interval", "Tolerance"}
    print(f"{'ok  ' if ok else 'FAIL'} {src}: {len(unknowns)} unknowns, {len(eqs)} equations,"
          f" {len(top_inputs)} top-level inputs, experiment {sorted(keys)}")
sys.exit(0 if ok else 1)
PY
    done
done
echo "$ncomp components, $nex examples"
[ "$ncomp" -ge 40 ] && [ "$nex" -ge 14 ] || { echo "FAIL: expected at least 40 components and 14 examples"; status=1; }
exit $status
