#!/usr/bin/env bash
# Connectors that are operator records (connector ComplexOutput = output Complex): the MSL's
# Modelica.ComplexBlocks.Examples.ShowTransferFunction, a frequency sweep through the complex transfer
# function 1/(s^2 + 2 d s + 1) with d = 1/sqrt(2), against its closed form at s = j w (computed here
# with awk from the result's own w = 10^lg_w): magnitude in dB and argument, within 1e-9.
source tests/ref/lib.sh
build_ref_tools || exit 1
[ -n "${SHARED:-}" ] && [ -d "$SHARED/msl/4.0.0" ] || { echo "no MSL in ../shared"; exit 77; }
D=$OUT/complex_blocks
rm -rf "$D"; mkdir -p "$D"
"$MO2C" -L "$SHARED/msl/4.0.0" Modelica.ComplexBlocks.Examples.ShowTransferFunction -o "$D/STF" ||
    { echo "mo2c failed"; exit 1; }
simulate "$D" STF -outputFormat=csv -r=res.csv || exit 1
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print "\"time\",\"dB\",\"phi\""; next }
    { w = exp(log(10) * $c["\"lg_w\""]); d = 1 / sqrt(2); re = 1 - w * w; im = 2 * d * w
      printf "%s,%.15g,%.15g\n", $1, -10 * log(re * re + im * im) / log(10), atan2(-im, re) }' "$D/res.csv" > "$D/ref.csv"
"$REFBIN/csvcmp" --abs 1e-9 "$D/ref.csv" "$D/res.csv" dB phi
