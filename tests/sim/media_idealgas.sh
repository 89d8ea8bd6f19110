#!/usr/bin/env bash
# The MSL's Modelica.Media.Examples.IdealGasH2O, unmodified (an ideal gas of IdealGases.SingleGases.H2O,
# whose package modifies the constants of SingleGasNasa: its data record, fluidConstants): cp, cv, the
# isentropic exponent, the specific entropy and the velocity of sound along T = 200 + 1000 t at 1 bar,
# against the NASA Glenn polynomials with H2O's published coefficients (tests/ref/nasa_h2o_ref.py).
source tests/ref/lib.sh
build_ref_tools || exit 1
[ -n "${SHARED:-}" ] && [ -d "$SHARED/msl/4.0.0" ] || { echo "no MSL in ../shared"; exit 77; }
D=$OUT/media_idealgas
rm -rf "$D"; mkdir -p "$D"
"$MO2C" -L "$SHARED/msl/4.0.0" Modelica.Media.Examples.IdealGasH2O -o "$D/IdealGasH2O" || { echo "mo2c failed"; exit 1; }
simulate "$D" IdealGasH2O -outputFormat=csv -r=res.csv || exit 1
python3 tests/ref/nasa_h2o_ref.py > "$D/ref.csv" || exit 1
"$REFBIN/csvcmp" --abs 1e-6 "$D/ref.csv" "$D/res.csv" cp cv k s a
