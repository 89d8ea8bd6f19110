#!/usr/bin/env bash
# A medium model of the MSL reached through a package that modifies the constants it inherits
# (tests/models/MediaMixing.mo: Modelica.Media.Water.ConstantPropertyLiquidWater's BaseProperties read
# cp_const, cv_const, d_const, T0 as that package gives them, spec 5.3 and 7.1): the temperature of a
# mixed volume against its closed form T_in + (T_start - T_in) exp(-mflow cp t / (d V cv)), computed here
# with awk from the package's published constants (cp = cv = 4184 J/(kg K), d = 995.586 kg/m3), and the
# medium's density, enthalpy and the quantity of its MassFlowRate type ("MassFlowRate." + mediumName).
source tests/ref/lib.sh
[ -n "${SHARED:-}" ] && [ -d "$SHARED/msl/4.0.0" ] || { echo "no MSL in ../shared"; exit 77; }
D=$OUT/media_mixing
rm -rf "$D"; mkdir -p "$D"
"$MO2C" -L "$SHARED/msl/4.0.0" --flat tests/models/MediaMixing.mo > "$D/flat.txt" || { echo "mo2c --flat failed"; exit 1; }
grep -q 'Real mf(quantity = "MassFlowRate.SimpleLiquidWater"' "$D/flat.txt" || { echo "FAIL: quantity of mf"; exit 1; }
"$MO2C" -L "$SHARED/msl/4.0.0" tests/models/MediaMixing.mo -o "$D/MediaMixing" || { echo "mo2c failed"; exit 1; }
simulate "$D" MediaMixing -outputFormat=csv -r=res.csv || exit 1
status=0
closed_form "$D/res.csv" medium.T "353.15 + (293.15 - 353.15) * exp(-0.5 * 4184 * t / (995.586 * 0.01 * 4184))" 1e-3 || status=1
closed_form "$D/res.csv" medium.d "995.586" 1e-9 || status=1
closed_form "$D/res.csv" medium.h "4184 * (353.15 + (293.15 - 353.15) * exp(-0.5 * t / 9.95586) - 273.15)" 5 || status=1
closed_form "$D/res.csv" medium.T_degC "80 + (20 - 80) * exp(-0.5 * t / 9.95586)" 1e-3 || status=1
exit $status
