#!/usr/bin/env bash
# <Model>_init.xml and <Model>_info.json beside the simulator (issue 17, item 4), used as OpenModelica's
# tools use them, on tests/models/Decay.mo (x = x0 exp(-k t), y = 2 k x): `mo2c -o DIR/` names the
# executable by the model's full name; the XML parsed the way OMPython's ModelicaSystem parses it
# (parameters, changeable flags, escaped descriptions, DefaultExperiment); its simulate() style
# (-override, -r=NAME_res.mat read with scipy); a script that edits start values in the XML and runs the
# simulator with -f (and -inputPath); the closed forms each time; errors for bad files.
source tests/ref/lib.sh
. tests/rt/common.sh
PY=/usr/bin/python3
"$PY" -c 'import scipy.io' 2>/dev/null || { echo "python3-scipy is not installed (tools/install-deps.sh)"; exit 77; }
D=$OUT/rt_initxml
rm -rf "$D"; mkdir -p "$D/run"
"$MO2C" tests/models/Decay.mo -o "$D/run/" || exit 1
cd "$D/run" || exit 1
[ -x Decay ] && [ -f Decay_init.xml ] && [ -f Decay_info.json ] || fail "files beside the executable: $(ls)"
"$PY" - <<'PY' || fail "the XML and JSON as OMPython reads them"
import json, xml.etree.ElementTree as ET
root = ET.parse("Decay_init.xml").getroot()
opts = {k: v for e in root.iter("DefaultExperiment") for k, v in e.attrib.items()}
assert opts["stopTime"] == "2" and opts["stepSize"] == "0.01" and opts["startTime"] == "0", opts
q = {}
for sv in root.iter("ScalarVariable"):
    d = {k: sv.get(k) for k in ("name", "description", "variability", "causality", "isValueChangeable", "alias")}
    for c in sv:
        d["start"] = c.get("start"); d["unit"] = c.get("unit")
    q[d["name"]] = d
assert q["k"]["variability"] == "parameter" and q["k"]["causality"] == "parameter", q["k"]
assert q["k"]["start"] == "1" and q["k"]["isValueChangeable"] == "true", q["k"]
assert q["k"]["description"] == 'rate <per second> & "more"', q["k"]["description"]
assert q["k2"]["causality"] == "calculatedParameter" and q["k2"]["isValueChangeable"] == "false", q["k2"]
assert q["k2"]["start"] == "2", q["k2"]
assert q["x"]["variability"] == "continuous" and q["x"]["start"] == "1" and q["x"]["isValueChangeable"] == "true", q["x"]
assert q["der(x)"]["isValueChangeable"] == "false", q["der(x)"]
assert root.get("modelName") == "Decay" and root.get("description") == 'exponential decay <&> "quoted"'
info = json.load(open("Decay_info.json"))
assert info["info"]["name"] == "Decay" and info["experiment"]["annotation"] is True, info["info"]
assert info["variables"]["k"]["comment"] == 'rate <per second> & "more"' and info["variables"]["x"]["kind"] == "state"
PY
# check FILE K X0: x = X0 exp(-K t), y = 2 K x, in the CSV or MAT FILE
check() {
    "$PY" - "$@" <<'PY'
import sys, math, csv, scipy.io
f, k, x0 = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
if f.endswith(".mat"):
    m = scipy.io.loadmat(f, chars_as_strings=False)
    names = ["".join(c).rstrip("\0").strip() for c in m["name"].T]
    info = m["dataInfo"]
    col = lambda n: [m["data_2"][abs(info[1][names.index(n)]) - 1][i] for i in range(m["data_2"].shape[1])]
    t, x, y = col("time"), col("x"), col("y")
else:
    rows = list(csv.DictReader(open(f)))
    t, x, y = ([float(r[n]) for r in rows] for n in ("time", "x", "y"))
err = max(max(abs(xi - x0 * math.exp(-k * ti)), abs(yi - 2 * k * xi)) for ti, xi, yi in zip(t, x, y))
assert err < 1e-5, (f, err)
print("%g" % t[-1])
PY
}
# ModelicaSystem's simulate(): -override of a parameter, -r=NAME_res.mat (MAT without -outputFormat)
./Decay -override=k=3 -r=Decay_res.mat > /dev/null || fail "-override k=3"
[ "$(check Decay_res.mat 3 1)" = 2 ] || fail "ModelicaSystem style: $(check Decay_res.mat 3 1)"
# a script that edits the XML's start values and runs the simulator with -f (flags win over the file)
"$PY" - <<'PY' || fail "editing the XML"
import xml.etree.ElementTree as ET
tree = ET.parse("Decay_init.xml"); root = tree.getroot()
root.find("*ScalarVariable[@name='k']/*[@start]").attrib["start"] = "0.5"
root.find("*ScalarVariable[@name='x']/*[@start]").attrib["start"] = "2"
root.find("*ScalarVariable[@name='k2']/*[@start]").attrib["start"] = "99"   # not changeable: ignored
tree.write("Decay_init_s.xml")
PY
./Decay -override startTime=0,stopTime=1,stepSize=0.1 -s rungekutta -f Decay_init_s.xml > /dev/null || fail "-f"
[ "$(check Decay_res.csv 0.5 2)" = 1 ] || fail "-f: $(check Decay_res.csv 0.5 2)"
./Decay -f=Decay_init_s.xml > /dev/null && [ "$(check Decay_res.csv 0.5 2)" = 2 ] || fail "-f: the XML's stopTime"
./Decay -f=Decay_init_s.xml -override=k=1 > /dev/null && [ "$(check Decay_res.csv 1 2)" = 2 ] || fail "-override wins over -f"
mkdir -p in && cp Decay_init_s.xml in/Decay_init.xml
./Decay -inputPath in > /dev/null && [ "$(check Decay_res.csv 0.5 2)" = 2 ] || fail "-inputPath"
./Decay > /dev/null && [ "$(check Decay_res.csv 1 1)" = 2 ] || fail "no -f: the compiled values"
# bad files
bad() { local want=$1; shift; local err; err=$(./Decay "$@" 2>&1 >/dev/null); local rc=$?
    [ $rc = 1 ] || fail "$*: exit status $rc"; [ "$(head -1 <<<"$err")" = "$want" ] || fail "$*: '$(head -1 <<<"$err")', want '$want'"; }
bad "error: -f: cannot read 'missing.xml': No such file or directory" -f=missing.xml
bad "error: -f: cannot read 'in/nope_init.xml': No such file or directory" -f in/nope_init.xml
bad "error: -f: cannot read 'nodir/Decay_init.xml': No such file or directory" -inputPath=nodir
echo 'k = 2' > notxml.txt
bad "error: -f: notxml.txt:1: no <fmiModelDescription> element: not a model's _init.xml" -f=notxml.txt
sed 's/name="zz"//; s/name="k" /name="zz" /' Decay_init.xml > unknown.xml
line=$(grep -n 'name="zz"' unknown.xml | cut -d: -f1)
bad "error: unknown.xml:$((line + 4)): unknown variable 'zz'" -f=unknown.xml
sed 's/stopTime="2"/stopTime="soon"/' Decay_init.xml > badnum.xml
bad "error: badnum.xml:$(grep -n 'stopTime=' badnum.xml | cut -d: -f1): invalid number 'soon' for stopTime" -f=badnum.xml
sed 's/isValueChangeable="true"/isValueChangeable=true/' Decay_init.xml > noquote.xml
bad "error: -f: noquote.xml:$(grep -n 'isValueChangeable=true' noquote.xml | head -1 | cut -d: -f1): an attribute value without quotes" -f=noquote.xml
echo ok
