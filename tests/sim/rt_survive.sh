#!/usr/bin/env bash
# Results that survive a stop (issue 17, item 5): the model of tests/rt/crash.c loops forever after
# time 0.6 (mode 5); -alarm, SIGINT and SIGTERM stop it, and the MAT file holds every row computed (0,
# 0.25, 0.5) and loads with scipy.io.loadmat. -mat_sync=1 keeps the header up to date while the run
# goes on: another program reads the three rows while the simulator still spins; without it they are
# still in the writer's buffer.
. "$(dirname "$0")/../rt/common.sh"
CRASH=$(rt_build crash crash.c) || exit 1
PY=/usr/bin/python3
"$PY" -c 'import scipy.io' 2>/dev/null || { echo "python3-scipy is not installed (tools/install-deps.sh)"; exit 77; }
rt_scratch "$0"

# rows FILE: data_2's times as scipy reads them
rows() { "$PY" -c 'import scipy.io, sys; m = scipy.io.loadmat(sys.argv[1]); print(m["data_2"].shape[1], " ".join("%g" % t for t in m["data_2"][0]))' "$1" 2>&1; }

# -alarm=1.5: exit status 1, the message, the rows
rm -f spinning
"$CRASH" -override=mode=5 -outputFormat=mat -alarm=1.5 > out.txt 2> err.txt; rc=$?
[ $rc = 1 ] || fail "-alarm: exit status $rc"
[ -f spinning ] || fail "-alarm: the model never reached its loop"
grep -q '^error: at time 0\.[67][0-9]*: the simulation was stopped: the time limit of -alarm was reached$' err.txt || fail "-alarm: $(cat err.txt)"
[ "$(sed -n 2p err.txt)" = "note: the result file 'Crash_res.mat' keeps the 3 points up to time 0.5" ] || fail "-alarm note: $(cat err.txt)"
[ "$(rows Crash_res.mat)" = "3 0 0.25 0.5" ] || fail "-alarm: scipy: $(rows Crash_res.mat)"
# -alarm=0 is no limit; a run that ends in time is not stopped
"$CRASH" -alarm=0 > /dev/null 2>&1 || fail "-alarm=0"
"$CRASH" -alarm=30 -r=ok.mat > /dev/null 2>&1 || fail "-alarm=30"
[ "$(rows ok.mat | cut -d' ' -f1)" = 9 ] || fail "-alarm=30: $(rows ok.mat)"

# SIGINT and SIGTERM with MAT (-r=x.mat alone means MAT)
for sig in INT TERM; do
    rm -f spinning stop.mat
    timeout --preserve-status -s $sig 2 "$CRASH" -override=mode=5 -r=stop.mat > out.txt 2> err.txt; rc=$?
    [ -f spinning ] || fail "SIG$sig: the model never reached its loop"
    [ $rc = $((128 + $(kill -l $sig))) ] || fail "SIG$sig: exit status $rc"
    [ "$(rows stop.mat)" = "3 0 0.25 0.5" ] || fail "SIG$sig: scipy: $(rows stop.mat)"
done

# -mat_sync=1: readable while the run goes on
for sync in 1 0; do
    rm -f spinning live.mat
    "$CRASH" -override=mode=5 -r=live.mat -mat_sync=$sync > out.txt 2> err.txt & pid=$!
    for _ in $(seq 100); do [ -f spinning ] && break; sleep 0.1; done
    [ -f spinning ] || { kill $pid; fail "-mat_sync=$sync: the model never reached its loop"; }
    got=$(rows live.mat)
    kill -TERM $pid; wait $pid
    if [ $sync = 1 ]; then
        [ "$(rows live.mat)" = "3 0 0.25 0.5" ] || fail "-mat_sync=1 after the stop: $(rows live.mat)"
        [ "$got" = "3 0 0.25 0.5" ] || fail "-mat_sync=1: while running: $got"
    else
        [ "$got" != "3 0 0.25 0.5" ] || fail "-mat_sync=0: the rows were there while running"
    fi
done
echo ok
