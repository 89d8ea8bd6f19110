#!/usr/bin/env bash
# The sanitized run's sample of a walk (make test DEBUG=1; tests/run.sh sets MO2C_SANITIZED): the
# sanitized compiler is several times slower than the plain one, and the plain run walks every case
# already, so the sanitized run walks a fixed part of each flatten walk and each (compile-only) example
# walk. Which part is MO2C_SAN_SAMPLE:
#   R/K   the cases whose name hashes to R modulo K (0 <= R < K): the K values of R cover every case once
#   all   every case (also the plain run, and any run without MO2C_SANITIZED)
# default 0/3. The hash is the name's CRC-32, so a case stays in or out of the sample whatever cases are
# added or removed beside it, and the lists of known failures can be matched against the sample by name.
#   tests/library/sample.sh filter [--strip PREFIX] [COUNTFILE] < NAMES > SAMPLE
#       the names (one a line) in the sample, in their order; COUNTFILE gets the number of names before
#       sampling, so that a walk's check of how many cases it found stays whole. --strip: each line is
#       a file under PREFIX, its name the path's rest without ".mo" and with "/" for "." (the compliance
#       suite's cases)
#   tests/library/sample.sh says   prints what the sample is (for the walks' logs)
#   tests/library/sample.sh part N   the least count of N cases' share in the sample: N itself for every
#       case, else half of N/K (the hash does not split a list in equal parts)
set -u
spec=all
[ -n "${MO2C_SANITIZED:-}" ] && spec=${MO2C_SAN_SAMPLE:-0/3}
r=0; k=1
if [ "$spec" != all ]; then
    if ! [[ "$spec" =~ ^([0-9]+)/([1-9][0-9]*)$ ]] || [ "${BASH_REMATCH[1]}" -ge "${BASH_REMATCH[2]}" ]; then
        echo "tests/library/sample.sh: MO2C_SAN_SAMPLE must be 'all' or R/K with 0 <= R < K, not '$spec'" >&2; exit 2
    fi
    r=${BASH_REMATCH[1]}; k=${BASH_REMATCH[2]}
fi
case ${1:-} in
    says)
        if [ "$k" = 1 ]; then echo "every case"
        else echo "the sanitized run's sample $r/$k (MO2C_SAN_SAMPLE=all walks every case)"; fi ;;
    part) echo $(( k == 1 ? $2 : $2 / k / 2 )) ;;
    filter)
        shift; strip=""
        if [ "${1:-}" = --strip ]; then strip=$2; shift 2; fi
        exec python3 -c '
import sys, zlib
r, k, strip, countfile = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
names = sys.stdin.read().splitlines()
if countfile:
    with open(countfile, "w") as f: f.write("%d\n" % len(names))
def key(n):
    if strip and n.startswith(strip + "/"):
        n = n[len(strip) + 1:]
        if n.endswith(".mo"): n = n[:-3]
        n = n.replace("/", ".")
    return n
for n in names:
    if k == 1 or zlib.crc32(key(n).encode()) % k == r: print(n)
' "$r" "$k" "$strip" "${1:-}" ;;
    *) echo "usage: tests/library/sample.sh filter [--strip PREFIX] [COUNTFILE] | says | part N" >&2; exit 2 ;;
esac
