#!/usr/bin/env bash
# The progress line (issue 17, item 7): on stderr only when it is a terminal (here a pseudo-terminal
# made by script(1)) and the run lasts over a second: "\rtime T of STOP (P%), E s elapsed, about L s
# left\033[K", cleared ("\r\033[K") before the success line; nothing for a short run, nothing when stderr
# is a file or a pipe.
source tests/ref/lib.sh
. tests/rt/common.sh
command -v script > /dev/null || { echo "script(1) is not installed"; exit 77; }
D=$OUT/rt_progress
rm -rf "$D"; mkdir -p "$D"
"$MO2C" models/ModelicaByExample/Components/Rotational/Examples/SMD.mo -o "$D/SMD" || exit 1
cd "$D" || exit 1
LONG="-stopTime=20 -maxStepSize=1e-6 -outputFormat=empty"   # 2e7 steps: seconds on any machine
script -qec "./SMD $LONG" /dev/null > tty.txt || fail "long run on a terminal"
grep -qaE $'\rtime [0-9.e+]+ of 20 \\([0-9]+%\\), [0-9.]+ s elapsed, about [0-9.]+ s left\e\\[K' tty.txt ||
    fail "no progress line: $(od -c tty.txt | head -5)"
grep -qa $'\r\e\\[KThe simulation finished successfully.' tty.txt || fail "the line is not cleared: $(od -c tty.txt | tail -5)"
script -qec "./SMD -stopTime=1" /dev/null > short.txt || fail "short run"
[ "$(tr -d '\r' < short.txt)" = "The simulation finished successfully." ] || fail "short run: $(od -c short.txt | head)"
./SMD $LONG 2> err.txt > /dev/null || fail "long run to a file"
[ ! -s err.txt ] || fail "progress on a file: $(head -c 200 err.txt)"
echo ok
