#!/usr/bin/env bash
# mo2c writes only what it is asked to, and a failure never damages an existing output: the C file and
# the executable are written under a temporary name beside the target and renamed into place when complete; a special file
# (here /dev/stdout) is written directly and never removed.
set -u
: "${MO2C:=build/mo2c}" "${OUT:=tests/out}"
D=$OUT/cli_outputs; rm -rf "$D"; mkdir -p "$D"
status=0
fail() { echo "FAIL: $*"; status=1; }
SMD=models/ModelicaByExample/Components/Rotational/Examples/SMD.mo
# a model that fails in code generation must leave the old file as it was, and no temporary behind
echo "old content" > "$D/old.c"
"$MO2C" --emit-c tests/errors/reinit_not_state.mo -o "$D/old.c" 2>/dev/null && fail "expected a failure"
[ "$(cat "$D/old.c")" = "old content" ] || fail "the old file was changed by a failed run"
[ "$(ls "$D")" = "old.c" ] || fail "left behind: $(ls "$D")"
# a successful run replaces it
"$MO2C" --emit-c "$SMD" -o "$D/old.c" || fail "emit-c failed"
grep -q "mo2c_main" "$D/old.c" || fail "the C file was not written"
[ "$(ls "$D")" = "old.c" ] || fail "left behind: $(ls "$D")"
# the executable likewise: a failing C compiler leaves the old one as it was and no temporary
printf 'old executable\n' > "$D/smd"
CC=false "$MO2C" "$SMD" -o "$D/smd" 2>/dev/null && fail "expected the build to fail with CC=false"
[ "$(cat "$D/smd")" = "old executable" ] || fail "a failed build changed the old executable"
[ "$(ls "$D" | sort | tr '\n' ' ')" = "old.c smd " ] || fail "left behind: $(ls "$D")"
"$MO2C" "$SMD" -o "$D/smd" || fail "build failed"
[ -x "$D/smd" ] && "$D/smd" -stopTime=0.1 -outputFormat=empty | grep -q "finished successfully" || fail "the new executable does not run"
# beside it the model's _init.xml and _info.json (OpenModelica's files), and no temporary
[ "$(ls "$D" | sort | tr '\n' ' ')" = "old.c smd smd_info.json smd_init.xml " ] || fail "left behind: $(ls "$D")"
# a special file is written directly
n=$("$MO2C" --emit-c "$SMD" -o /dev/stdout | grep -c "mo2c_main")
[ "$n" -ge 1 ] || fail "nothing written to /dev/stdout"
[ -c /dev/stdout ] || [ -p /dev/stdout ] || [ -L /dev/stdout ] || fail "/dev/stdout damaged"
# an executable to /dev/null: built, and no _init.xml or _info.json beside a device
"$MO2C" "$SMD" -o /dev/null || fail "-o /dev/null"
[ ! -e /dev/null_init.xml ] && [ ! -e /dev/null_info.json ] || { rm -f /dev/null_init.xml /dev/null_info.json; fail "files beside /dev/null"; }
[ -c /dev/null ] || fail "/dev/null damaged"
# files of several MB are streamed to their temporaries in pieces (codegen_xml.c): a 3000-unit chain's
# read back whole, one variable in each per row of the XML
mkdir -p "$D/big"
bash bench/gen_chain_array.sh 3000 "$D/big/Chain.mo"
"$MO2C" "$D/big/Chain.mo" -o "$D/big/chain" || fail "the 3000-unit chain did not build"
[ "$(ls "$D/big" | sort | tr '\n' ' ')" = "Chain.mo chain chain_info.json chain_init.xml " ] || fail "left behind: $(ls "$D/big")"
python3 - "$D/big/chain_init.xml" "$D/big/chain_info.json" <<'EOP' || fail "the big _init.xml or _info.json is not whole"
import json, sys, xml.etree.ElementTree as ET
rows = ET.parse(sys.argv[1]).getroot().find("ModelVariables").findall("ScalarVariable")
names = json.load(open(sys.argv[2]))["variables"]
assert len(rows) > 30000 and len(rows) == len(names), (len(rows), len(names))
assert [r.get("name") for r in rows] == list(names)
EOP
[ "$(stat -c %s "$D/big/chain_init.xml")" -gt 3000000 ] || fail "the big _init.xml is smaller than the pieces it should take"
exit $status
