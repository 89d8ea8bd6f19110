# bench/common.sh - sourced by the benchmark scripts: the project's root as the working directory, the
# build to measure (BUILD, default build/), its mo2c (MO2C) and a scratch directory for the runs (B).
cd "$(dirname "$0")/.." || exit 1
BUILD=${BUILD:-$PWD/build}
MO2C=$BUILD/mo2c
B=$BUILD/bench
mkdir -p "$B"
