#!/usr/bin/env bash
# Modelica.Blocks.Math.RealFFT (MSL 4.0.0) on a known signal (tests/models/FFTKnown.mo): the block
# samples with buf[iTick] := u, a subscript known only at run time, and writes the transform at the end;
# the file's amplitudes and phases must equal a term-by-term discrete Fourier transform of the same
# samples (tests/ref/fft_ref.py, Python's cmath). Skipped without ../shared.
source tests/ref/lib.sh
[ -n "$SHARED" ] && [ -d "$SHARED/msl/4.0.0" ] || { echo "no ../shared/msl"; exit 77; }
D=$OUT/fft
rm -rf "$D"; mkdir -p "$D"
"$MO2C" -L "$SHARED/msl/4.0.0" --units=off tests/models/FFTKnown.mo -o "$D/FFTKnown" || { echo "mo2c failed"; exit 1; }
simulate "$D" FFTKnown -emit_protected -variableFilter='realFFT\.(iTick|info)' -r=res.csv || exit 1
status=0
last=$(tail -1 "$D/res.csv")
[ "$last" = "0.25,0,97" ] || { echo "FAIL: last row $last, expected 0.25,0,97 (iTick counts every sample, 97 by t = 0.25)"; status=1; }
[ -f "$D/fft.mat" ] || { echo "FAIL: no fft.mat"; exit 1; }
python3 tests/ref/fft_ref.py "$D/fft.mat" || status=1
exit $status
