#!/usr/bin/env bash
# Stream connectors (spec chapter 15, instantiate/stream.c): tests/models/StreamVolumes.mo, three mixing
# volumes, a source, a sink and pipes exchanging enthalpy through stream variables: inStream one to one,
# through outside connectors of a branch (15.2's N = 1, M = 1 and its outside equations), in sets of three
# (the general formula), actualStream. Forward flow, then a flow that reverses at t = pi, against
# tests/ref/stream_ref.py (the upwind balances by hand, RK4) within 1e-6 at -tolerance=1e-10.
source tests/ref/lib.sh
build_ref_tools || exit 1
D=$OUT/stream
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/StreamVolumes.mo StreamVolumes.Network -o "$D/net" || { echo "FAIL: mo2c"; exit 1; }
for ab in "1 0.5" "0 1"; do
    set -- $ab
    python3 tests/ref/stream_ref.py "$1" "$2" "$D/ref_$1.csv" || { echo "FAIL: stream_ref.py"; exit 1; }
    simulate "$D" net -tolerance=1e-10 -stepSize=0.1 -override=A=$1,B=$2 -r="res_$1.csv" || exit 1
    "$REFBIN/csvcmp" --abs 1e-6 "$D/ref_$1.csv" "$D/res_$1.csv" v1.h b2.vol.h b3.vol.h sink.h_mix b2.h_a || exit 1
done
# the one-to-one cases of 15.2 need no mixing formula: inStream is the other side's variable
"$MO2C" tests/models/StreamVolumes.mo StreamVolumes.Network --flat > "$D/net.flat" || exit 1
grep -qxF '  inStream(b2.pipe.b.h_outflow) = b2.vol.a.h_outflow; // tests/models/StreamVolumes.mo:60:5 connect (b2)' "$D/net.flat" ||
    { echo "FAIL: one-to-one inStream"; exit 1; }
# m * actualStream(v) is continuous where the flow reverses (15.3): its 'm > 0' makes no event
# (RoomCO2WithControls chattered on its duct's reversing flow, an event every 3e-9 s at t = 32400);
# actualStream alone keeps its event
grep -qF 'v1.M * der(v1.h) = v1.a.m_flow * (if noEvent(v1.a.m_flow > 0.0) then inStream(v1.a.h_outflow) else v1.a.h_outflow) + v1.b.m_flow * (if noEvent(v1.b.m_flow > 0.0) then' "$D/net.flat" ||
    { echo "FAIL: m * actualStream(v) with an event"; exit 1; }
grep -qF '  b2.h_a = if b2.a.m_flow > 0.0 then inStream(b2.a.h_outflow) else b2.a.h_outflow;' "$D/net.flat" ||
    { echo "FAIL: actualStream(v) alone without its event"; exit 1; }
exit 0
