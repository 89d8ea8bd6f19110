#!/usr/bin/env bash
# A mixed loop whose consistent mode at the start is singular (runtime/mixed.c prefer_regular):
# tests/models/MixedClosedPipe.mo, a pipe between two vessel ports above the liquid, written as the MSL's
# Fluid vessels write their ports. Both ports closed fixes the flow twice and leaves the pipe's pressure
# level free: the least-squares step kept pa = 0 (its start value) and pb = rho g dh, both "closed". The
# one regular consistent mode is port b open with no flow: pb = p0 and pa = p0 - rho g dh(t), checked in
# closed form on every row. (The MSL's TanksWithOverflow: its overflow pipe closed at both ends, whose
# free pressure level flipped the port's 's[2] > 0' until the run stopped as chattering at t = 453.75.)
source tests/ref/lib.sh
D=$OUT/mixed_closed_pipe
rm -rf "$D"; mkdir -p "$D"
"$MO2C" tests/models/MixedClosedPipe.mo -o "$D/MixedClosedPipe" 2> "$D/mo2c.err" || { echo "FAIL: mo2c"; cat "$D/mo2c.err"; exit 1; }
(ulimit -t 30; simulate "$D" MixedClosedPipe -r=res.csv) || exit 1
closed_form "$D/res.csv" pb '100000' 1e-6 || exit 1
closed_form "$D/res.csv" pa '100000 - 9810 * (5 + 2 * sin(t))' 1e-6 || exit 1
closed_form "$D/res.csv" inB '1' 0 || exit 1
closed_form "$D/res.csv" inA '0' 0 || exit 1
closed_form "$D/res.csv" m_flow '0' 1e-12 || exit 1
exit 0
