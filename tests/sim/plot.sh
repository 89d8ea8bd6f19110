#!/usr/bin/env bash
# mo2c plot (issue 17, item 8): the SMD's result as CSV and as MAT plotted to SVG: parsed as XML, with a
# frame, ticks with numbers and a grid on both axes, "time [s]" under the time axis, the unit from the
# MAT file's descriptions on the value axis when the variables share it and in the legend, one line per
# variable spanning the time axis, the file name (with & and <) escaped in the title; errors for an
# unknown variable, a file that is no result, a missing argument.
set -u
: "${MO2C:=$PWD/build/mo2c}" "${OUT:=$PWD/tests/out}"
D=$OUT/plot
rm -rf "$D"; mkdir -p "$D"
fail() { echo "FAIL: $*"; exit 1; }
"$MO2C" models/ModelicaByExample/Components/Rotational/Examples/SMD.mo -o "$D/SMD" || exit 1
cd "$D" || exit 1
./SMD -stopTime=3 -r='r&<1.csv' > /dev/null && ./SMD -stopTime=3 -r=r.mat > /dev/null || fail "simulate"
"$MO2C" plot r.mat inertia1.phi inertia2.phi -o same.svg || fail "plot mat"
"$MO2C" plot r.mat inertia1.phi inertia1.w -o mixed.svg || fail "plot mat, two units"
"$MO2C" plot 'r&<1.csv' inertia1.w > csv.svg || fail "plot csv to stdout"
python3 - <<'PY' || fail "the SVG files"
import xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
def load(f):
    root = ET.parse(f).getroot()
    g = {x.get("class"): x for x in root.iter(ns + "g")}
    texts = {t.get("class"): t.text for t in root.iter(ns + "text") if t.get("class")}
    return root, g, texts
for f, legend, ylabel in [("same.svg", ["inertia1.phi [rad]", "inertia2.phi [rad]"], "[rad]"),
                          ("mixed.svg", ["inertia1.phi [rad]", "inertia1.w [rad/s]"], None),
                          ("csv.svg", ["inertia1.w"], None)]:
    root, g, texts = load(f)
    assert [t.text for t in g["legend"].iter(ns + "text")] == legend, (f, [t.text for t in g["legend"].iter(ns + "text")])
    assert texts.get("xlabel") == "time [s]" and texts.get("ylabel") == ylabel, (f, texts)
    ticks = [t.text for t in g["ticks"].iter(ns + "text")]
    assert "0" in ticks and "3" in ticks and len(ticks) >= 8, (f, ticks)
    assert len(list(g["grid"].iter(ns + "line"))) >= 8
    axes = [r for r in root.iter(ns + "rect") if r.get("class") == "axes"]
    assert len(axes) == 1
    x0, x1 = float(axes[0].get("x")), float(axes[0].get("x")) + float(axes[0].get("width"))
    lines = [p for p in root.iter(ns + "polyline")]
    assert len(lines) == len(legend), (f, len(lines))
    for p in lines:
        xs = [float(pt.split(",")[0]) for pt in p.get("points").split()]
        assert abs(xs[0] - x0) < 0.1 and abs(xs[-1] - x1) < 0.1, (f, xs[0], xs[-1], x0, x1)
root, _, _ = load("csv.svg")
assert [t.text for t in root.iter(ns + "text")][0] == "r&<1.csv"
PY
err=$("$MO2C" plot r.mat nosuch 2>&1); [ $? = 1 ] && [ "$err" = "mo2c plot: error: 'r.mat' has no variable 'nosuch'" ] || fail "unknown variable: $err"
printf 'not a mat file at all, but long enough to be read' > bad.mat
err=$("$MO2C" plot bad.mat x 2>&1); [ $? = 1 ] && [ "$err" = "mo2c plot: error: 'bad.mat' is no result file in OpenModelica's MAT layout" ] || fail "bad mat: $err"
err=$("$MO2C" plot r.mat 2>&1); [ $? = 1 ] && [ "$err" = "usage: mo2c plot RESULT.csv|RESULT.mat VAR... [-o FILE.svg]" ] || fail "usage: $err"
err=$("$MO2C" plot missing.csv x 2>&1); [ $? = 1 ] && grep -q "^mo2c plot: error: .*missing.csv" <<<"$err" || fail "missing file: $err"
echo ok
